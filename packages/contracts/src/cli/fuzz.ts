import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { OpenApiDocument } from '../document/openapi-document.js';
import { type FuzzOptions, type FuzzPhase, formatReplayReport, fuzz, replay } from '../fuzz/fuzz.js';
import { formatFuzzReport } from '../fuzz/report.js';
import { COMMON_OPTIONS, command, PROGRAM, printReport, targetOf, usageError } from './command.js';
import type { CliIo } from './io.js';

const OPTIONS = {
  'base-url': { type: 'string' },
  instance: { type: 'string', multiple: true },
  token: { type: 'string' },
  'other-token': { type: 'string' },
  seed: { type: 'string' },
  requests: { type: 'string' },
  phases: { type: 'string' },
  sequences: { type: 'string' },
  concurrency: { type: 'string' },
  'max-response-time': { type: 'string' },
  document: { type: 'string' },
  only: { type: 'string' },
  'read-only': { type: 'boolean' },
  'organization-id': { type: 'string' },
  'save-failures': { type: 'string' },
  replay: { type: 'string' },
  json: { type: 'boolean' },
} as const;

const USAGE = `Usage: ${PROGRAM} fuzz --base-url URL --token TOKEN [options]
       ${PROGRAM} fuzz --replay FILE --token TOKEN [--other-token TOKEN] [--base-url URL]

Send generated valid and broken requests, walk records along the document's links; check every answer.

Phases (both by default): stateless sends single generated requests and a few without a token;
stateful creates or finds records and walks them along the document's links (read, list, search,
another organization's token, update, read back, child, delete, read again).

Options:
  --base-url URL         origin of the API (required, except with --replay)
  --instance URL         another instance of the same deployment (repeatable):
                         requests are spread over all of them
  --token TOKEN          organization token (or env API_TOKEN)
  --other-token TOKEN    a token of another organization: its records must never leak,
                         and it must not read or change the run's records
  --seed N               generator seed (default 1): same seed, same requests and sequences
  --requests N           requests of the stateless phase (default 1000)
  --phases LIST          stateless,stateful (default both)
  --sequences N          walks of the stateful phase (default requests / 100, at least
                         2 per --concurrency)
  --concurrency N        requests (or walks) in flight at once (default 8)
  --max-response-time MS an answer slower than MS is a finding (max_response_time)
  --document FILE        OpenAPI 3.0 JSON (default: the one published with @org/model)
  --only REGEX           fuzz only the operations whose operationId matches
  --read-only            send GET requests only (no stateful phase)
  --organization-id N    the token's organization (default: learned from its records)
  --save-failures DIR    where failing sequences are saved, a .json (for --replay) and a .sh each
                         (default: a new folder under the OS temp dir, named in the output)
  --replay FILE          run a saved failing sequence again: exit 1 if it still fails
  --json                 print the report as JSON
${COMMON_OPTIONS}

Exit status: 0 without findings, 1 on any finding, 2 on a usage error.`;

const parseFuzzArgs = (args: string[]) => parseArgs({ args, options: OPTIONS });
type FuzzValues = ReturnType<typeof parseFuzzArgs>['values'];
type NumberOption =
  | 'seed'
  | 'requests'
  | 'sequences'
  | 'concurrency'
  | 'organization-id'
  | 'max-response-time';

/** An option that takes a whole number; undefined when it is not given. */
const wholeNumber = (values: FuzzValues, name: NumberOption) => {
  const raw = values[name];
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) throw new Error(`--${name} takes a whole number, not ${raw}`);
  return Number(raw);
};

const PHASES: readonly FuzzPhase[] = ['stateless', 'stateful'];

const phasesOf = (raw: string | undefined): FuzzPhase[] | undefined => {
  if (raw === undefined) return undefined;
  const phases = raw.split(',').map((p) => p.trim());
  const unknown = phases.filter((p) => !PHASES.includes(p as FuzzPhase));
  if (unknown.length || !phases.length)
    throw new Error(`--phases takes stateless and/or stateful, not ${raw}`);
  return PHASES.filter((p) => phases.includes(p));
};

/** The options whose flag is given; a flag that is not leaves the fuzzer's default. */
const given = (entries: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined && v !== false));

/** The run's options from the flags. */
const fuzzOptionsOf = (values: FuzzValues, target: { baseUrl: string; token: string }): FuzzOptions => ({
  ...target,
  ...given({
    instances: values.instance?.length ? values.instance : undefined,
    concurrency: wholeNumber(values, 'concurrency'),
    otherToken: values['other-token'],
    seed: wholeNumber(values, 'seed'),
    requests: wholeNumber(values, 'requests'),
    sequences: wholeNumber(values, 'sequences'),
    phases: phasesOf(values.phases),
    maxResponseTimeMs: wholeNumber(values, 'max-response-time'),
    organizationId: wholeNumber(values, 'organization-id'),
    document: values.document
      ? (JSON.parse(readFileSync(values.document, 'utf8')) as OpenApiDocument)
      : undefined,
    only: values.only ? new RegExp(values.only) : undefined,
    readOnly: values['read-only'],
    saveFailures: values['save-failures'],
  }),
});

/** Progress every 250 answers on the text output; JSON output stays one document. */
const progressOf =
  (io: CliIo, json: boolean): FuzzOptions['onRequest'] =>
  (index, total) => {
    if (!json && index % 250 === 0) io.out(`  ${index}/${total} requests\n`);
  };

const runReplay = async (file: string, values: FuzzValues, io: CliIo): Promise<number> => {
  const token = values.token ?? io.env.API_TOKEN;
  if (!token) return usageError(io, 'fuzz', 'fuzz --replay needs --token (or API_TOKEN)');
  const { baseUrl: _, ...options } = fuzzOptionsOf(values, { baseUrl: '', token });
  const report = await replay({
    ...options,
    file,
    ...(values['base-url'] ? { baseUrl: values['base-url'] } : {}),
  });
  return printReport(io, report, values.json ?? false, formatReplayReport);
};

const runFuzz = async (args: string[], io: CliIo): Promise<number> => {
  const { values } = parseFuzzArgs(args);
  if (values.replay) return runReplay(values.replay, values, io);
  const target = targetOf(values, io);
  if (!target) return usageError(io, 'fuzz', 'fuzz needs --base-url and --token (or API_TOKEN)');
  const options = fuzzOptionsOf(values, target);
  const json = values.json ?? false;
  if (!json) io.out(`Fuzzing ${target.baseUrl}\n`);
  const report = await fuzz({ ...options, onRequest: progressOf(io, json) });
  return printReport(io, report, json, formatFuzzReport);
};

export const fuzzCommand = command({
  name: 'fuzz',
  summary:
    'send generated requests and walk records along the links; check every answer against the document',
  usage: USAGE,
  options: OPTIONS,
  run: runFuzz,
});
