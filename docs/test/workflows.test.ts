import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { PROVIDER_STATE_CATALOGUE } from '@org/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DOCS_DIR, OPENAPI_JSON, TEST_RESULTS_DIR } from '../scripts/lib/paths.js';
import { run } from './support/run.js';
import {
  PGLITE,
  type Sandbox,
  type SandboxSetup,
  startSandbox,
  testDatabaseUrl,
} from './support/sandbox-server.js';

/**
 * The Arazzo workflows of docs/workflows/ (one task of the guides each) run by an independent tool,
 * Redocly Respect, against the reference server's sandbox: every step's success criteria, and
 * Respect's own checks of each answer against the OpenAPI document (documented status, content type,
 * schema). One Respect call runs them all, one after the other, after one reset of the sandbox and
 * the provider states each workflow needs (its own records, so no workflow sees another's writes);
 * a copy of a workflow with a planted wrong status runs last and must fail.
 */

const WORKFLOWS_DIR = join(DOCS_DIR, 'workflows');
const REDOCLY = join(DOCS_DIR, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
const OUT = join(TEST_RESULTS_DIR, 'workflows');
/** Offline: no usage data, no update check; only 127.0.0.1 is called. */
const REDOCLY_ENV = {
  ...process.env,
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  NO_COLOR: '1',
};

/** The workflow files, one task each, in the order Respect runs them. */
const FILES = [
  'find-contact-add-note.arazzo.yaml',
  'conversation-topic.arazzo.yaml',
  'operator-away.arazzo.yaml',
  'all-conversations.arazzo.yaml',
  'metric-93-days.arazzo.yaml',
] as const;
const PLANTED = 'planted-wrong-status.arazzo.yaml';

const CONVERSATIONS_PER_PAGE = 5;
const POINTS_PER_PAGE = 4;
const METRIC = 'um_conversation_duration';

// The parts of Respect's JSON output (--json-output) the test reads.
interface Check {
  readonly name: string;
  readonly passed: boolean;
  readonly message?: string;
  readonly condition?: string;
}
interface StepRun {
  readonly type: 'step';
  readonly stepId: string;
  readonly status: string;
  readonly request: { readonly url: string };
  readonly response: { readonly statusCode: number };
  readonly checks: readonly Check[];
}
interface WorkflowRun {
  readonly type: 'workflow';
  readonly workflowId: string;
  readonly status: string;
  readonly executedSteps: ReadonlyArray<StepRun | WorkflowRun>;
}
interface RespectReport {
  readonly status: string;
  readonly files: Record<string, { readonly executedWorkflows: readonly WorkflowRun[] }>;
}

/** Every step a workflow ran, its called workflows' steps included, in order. */
const stepsOf = (workflow: WorkflowRun): StepRun[] =>
  workflow.executedSteps.flatMap((step) => (step.type === 'workflow' ? stepsOf(step) : [step]));

const failuresOf = (workflow: WorkflowRun): string[] =>
  stepsOf(workflow).flatMap((step) =>
    step.checks
      .filter((check) => !check.passed)
      .map((check) => `${step.stepId}: ${check.name} ${check.condition ?? ''} ${check.message ?? ''}`.trim()),
  );

const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

interface ArazzoStep {
  readonly stepId: string;
  readonly operationId?: string;
}
interface ArazzoDocument {
  readonly sourceDescriptions: ReadonlyArray<{
    readonly name: string;
    readonly url: string;
    readonly type: string;
  }>;
  readonly workflows: ReadonlyArray<{ readonly workflowId: string; readonly steps: readonly ArazzoStep[] }>;
}
const arazzoFiles = async () => [
  ...(await readdir(WORKFLOWS_DIR))
    .filter((f) => f.endsWith('.arazzo.yaml'))
    .map((f) => join(WORKFLOWS_DIR, f)),
  ...(await readdir(join(WORKFLOWS_DIR, 'lib'))).map((f) => join(WORKFLOWS_DIR, 'lib', f)),
];
const readArazzo = async (path: string) => parse(await readFile(path, 'utf8')) as ArazzoDocument;

describe('the Arazzo workflows of docs/workflows', () => {
  it('are the five tasks, each in a file of its own', async () => {
    const files = (await readdir(WORKFLOWS_DIR)).filter((f) => f.endsWith('.arazzo.yaml'));
    expect(files.sort()).toEqual([...FILES].sort());
    for (const file of FILES) expect((await readArazzo(join(WORKFLOWS_DIR, file))).workflows).toHaveLength(1);
  });

  it('pass redocly lint (the recommended Arazzo rules)', async () => {
    const files = await arazzoFiles();
    const result = await run(
      process.execPath,
      [REDOCLY, 'lint', ...files, '--format', 'summary'],
      DOCS_DIR,
      REDOCLY_ENV,
    );
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/\berror/i);
    expect(result.code).toBe(0);
  });

  it('call operations of the project’s OpenAPI document, by operationId (lint does not resolve them)', async () => {
    const document = JSON.parse(await readFile(OPENAPI_JSON, 'utf8')) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const operationIds = new Set(
      Object.values(document.paths).flatMap((item) => Object.values(item).map((op) => op.operationId)),
    );
    for (const path of await arazzoFiles()) {
      const arazzo = await readArazzo(path);
      // The OpenAPI 3.1 variant of docs/openapi.json: the same operations (see contract-tests.md).
      for (const source of arazzo.sourceDescriptions.filter((s) => s.type === 'openapi'))
        expect(relative(DOCS_DIR, resolve(dirname(path), source.url))).toBe('openapi-3.1.json');
      const unknown = arazzo.workflows
        .flatMap((w) => w.steps)
        .filter((step) => step.operationId !== undefined && !operationIds.has(step.operationId))
        .map((step) => `${basename(path)} ${step.stepId}: ${step.operationId}`);
      expect(unknown).toEqual([]);
    }
  });
});

/** Respect runs every workflow against a sandbox of `setup`, after one reset and the states it needs. */
function respectRun(setup: SandboxSetup) {
  return () => {
    let sandbox: Sandbox;
    let report: RespectReport;
    let exitCode: number | null;
    let output: string;
    let conversationCount: number;
    let pointCount: number;

    const workflowOf = (file: string): WorkflowRun => {
      const entry = Object.entries(report.files).find(([path]) => basename(path) === file);
      expect(entry, `${file} in Respect's report:\n${output}`).toBeDefined();
      return entry![1].executedWorkflows[0]!;
    };

    const out = join(OUT, setup.engine);

    beforeAll(async () => {
      sandbox = await startSandbox(setup);
      await rm(out, { recursive: true, force: true });
      await mkdir(out, { recursive: true });

      // The planted failure: the note workflow expecting 200 where the API answers 201 (a copy, run last).
      const noteWorkflow = await readFile(join(WORKFLOWS_DIR, 'find-contact-add-note.arazzo.yaml'), 'utf8');
      const planted = noteWorkflow
        .replace('url: ../openapi-3.1.json', `url: ${join(DOCS_DIR, 'openapi-3.1.json')}`)
        .replace('- condition: $statusCode == 201', '- condition: $statusCode == 200');
      expect(planted).not.toContain('$statusCode == 201');
      await writeFile(join(out, PLANTED), planted);

      // What each workflow works on: records of its own, set up by the sandbox's provider states.
      await sandbox.reset();
      const from = utcDay(92);
      const to = utcDay(0);
      const contact = await sandbox.setUp(PROVIDER_STATE_CATALOGUE.aContact.name, {
        email: 'mira.workflow@example.org',
        name: 'Mira Workflow',
      });
      const conversation = await sandbox.setUp(PROVIDER_STATE_CATALOGUE.aConversation.name, {
        topics: ['Billing'],
      });
      const operator = await sandbox.setUp(PROVIDER_STATE_CATALOGUE.anOperatorOfRole.name, {
        role: 'operator',
      });
      // A data point on the first day of the range, 92 days back: the range is read to its start.
      await sandbox.setUp(PROVIDER_STATE_CATALOGUE.dataPoints.name, { org: 1, metric: METRIC, date: from });
      conversationCount = ((await sandbox.get('/api/um/v3/conversations/all/?limit=1')) as { count: number })
        .count;
      pointCount = (
        (await sandbox.get(
          `/api/um/v1/analytics/${METRIC}/?event_date_from=${from}&event_date_to=${to}&limit=10000`,
        )) as { results: unknown[] }
      ).results.length;

      const inputs = {
        token: sandbox.token,
        email: contact.email,
        conversationId: conversation.id,
        operatorId: operator.id,
        conversationsPerPage: CONVERSATIONS_PER_PAGE,
        metric: METRIC,
        from,
        to,
        pointsPerPage: POINTS_PER_PAGE,
      };
      const json = join(out, 'respect.json');
      const result = await run(
        process.execPath,
        [
          REDOCLY,
          'respect',
          ...FILES.map((file) => join(WORKFLOWS_DIR, file)),
          join(out, PLANTED),
          '--server',
          `api=${sandbox.url}`,
          ...Object.entries(inputs).flatMap(([name, value]) => ['--input', `${name}=${String(value)}`]),
          '--json-output',
          json,
          '--execution-timeout',
          '120000',
        ],
        DOCS_DIR,
        REDOCLY_ENV,
      );
      exitCode = result.code;
      output = `${result.stdout}\n${result.stderr}`;
      await writeFile(join(out, 'respect.log'), output);
      report = JSON.parse(await readFile(json, 'utf8').catch(() => '{"files":{}}')) as RespectReport;
    });

    afterAll(async () => {
      await sandbox?.stop();
    });

    it.each(FILES)('%s passes every step and every check', (file) => {
      const workflow = workflowOf(file);
      expect(failuresOf(workflow), `Respect's output: ${join(out, 'respect.log')}`).toEqual([]);
      expect(workflow.status).toBe('success');
    });

    it('read every page of the conversations and of the 93 days of the metric', () => {
      const pagesOf = (file: string) =>
        stepsOf(workflowOf(file))
          .filter((step) => step.response.statusCode === 200)
          .map((step) => step.request.url);
      const conversationPages = pagesOf('all-conversations.arazzo.yaml');
      expect(conversationPages).toHaveLength(Math.ceil(conversationCount / CONVERSATIONS_PER_PAGE));
      // The first page by the operation, the others by `next` (its cursor), each once.
      expect(conversationPages.slice(1).every((url) => /[?&]cursor=\d+/.test(url))).toBe(true);
      expect(new Set(conversationPages).size).toBe(conversationPages.length);
      const metricPages = pagesOf('metric-93-days.arazzo.yaml');
      expect(metricPages).toHaveLength(Math.ceil(pointCount / POINTS_PER_PAGE));
      expect(metricPages.length).toBeGreaterThanOrEqual(3);
      expect(new Set(metricPages).size).toBe(metricPages.length);
    });

    it('fail a workflow whose success criterion is wrong, and exit with an error', () => {
      const workflow = workflowOf(PLANTED);
      expect(workflow.status).toBe('error');
      expect(failuresOf(workflow)).toEqual([
        expect.stringMatching(/^addNote: success criteria check \$statusCode == 200/),
      ]);
      // The planted file is the only failure of the run.
      expect(report.status).toBe('error');
      expect(exitCode).toBe(1);
    });
  };
}

describe('the workflows run by Redocly Respect against the sandbox [PGlite]', respectRun(PGLITE));
describe.skipIf(!testDatabaseUrl)(
  'the workflows run by Redocly Respect against the sandbox [two instances on one PostgreSQL database]',
  respectRun({ engine: 'postgres', instances: 2 }),
);
