import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseChangeset } from '../scripts/lib/breaking/changesets.js';
import { formatGateReport, runGate } from '../scripts/lib/breaking/gate.js';
import { OPENAPI_JSON, RELEASES_DIR } from '../scripts/lib/paths.js';
import { type Doc, fixtureDoc } from './support/fixture.js';

const GATE_SCRIPT = fileURLToPath(new URL('../scripts/breaking-gate.ts', import.meta.url));

/** A scratch repository layout: releases/, .changeset/ and a current document, never the real ones. */
let root: string;
let releasesDir: string;
let changesetDir: string;
let currentPath: string;

const writeJson = (path: string, value: unknown) => writeFile(path, JSON.stringify(value));
const writeChangeset = (name: string, frontMatter: string) =>
  writeFile(join(changesetDir, name), `---\n${frontMatter}\n---\n\nWhat changed.\n`);
const gate = () => runGate({ currentPath, releasesDir, changesetDir });

const withoutContactEmail = (): Doc => {
  const doc = fixtureDoc();
  delete doc.components.schemas.Contact.properties.email;
  return doc;
};

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'breaking-gate-'));
  releasesDir = join(root, 'releases');
  changesetDir = join(root, '.changeset');
  currentPath = join(root, 'openapi.json');
  await mkdir(releasesDir);
  await mkdir(changesetDir);
  await writeJson(join(releasesDir, 'openapi-1.0.0.json'), fixtureDoc());
  await writeJson(join(changesetDir, 'config.json'), {
    fixed: [['@org/model', '@org/client', '@org/contracts']],
  });
  await writeFile(join(changesetDir, 'README.md'), '# Changesets\n');
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the breaking-change gate', () => {
  it('fails on a removed field without a major changeset, and names the difference', async () => {
    await writeJson(currentPath, withoutContactEmail());
    await writeChangeset('minor-thing.md', '"@org/model": minor');
    const result = await gate();
    expect(result.passed).toBe(false);
    expect(result.breaking).toEqual([
      expect.objectContaining({
        kind: 'property removed',
        location: 'schema Contact (in responses) › email',
      }),
    ]);
    const report = formatGateReport(result, currentPath);
    expect(report).toContain('BREAKING');
    expect(report).toContain('property removed: schema Contact (in responses) › email');
    expect(report).toContain('FAIL');
  });

  it('passes the same removal when a pending changeset declares a major bump of @org/model', async () => {
    await writeJson(currentPath, withoutContactEmail());
    await writeChangeset('drop-email.md', '"@org/model": major\n"@org/client": major');
    const result = await gate();
    expect(result.passed).toBe(true);
    expect(result.majorChangesets.map((c) => c.file)).toEqual(['drop-email.md']);
    expect(formatGateReport(result, currentPath)).toContain('PASS: breaking differences are declared');
  });

  it('accepts a major of a package fixed together with @org/model', async () => {
    await writeJson(currentPath, withoutContactEmail());
    await writeChangeset('client-major.md', "'@org/client': major");
    expect((await gate()).passed).toBe(true);
  });

  it('does not count a major of an unrelated package', async () => {
    await writeJson(currentPath, withoutContactEmail());
    await writeChangeset('server-major.md', '"@org/reference-server": major');
    expect((await gate()).passed).toBe(false);
  });

  it('passes non-breaking differences without any changeset, still listing them', async () => {
    const doc = fixtureDoc();
    doc.components.schemas.Contact.properties.city = { type: 'string', nullable: true };
    await writeJson(currentPath, doc);
    const result = await gate();
    expect(result.passed).toBe(true);
    expect(formatGateReport(result, currentPath)).toContain(
      'non-breaking  optional property added: schema Contact (in responses) › city',
    );
  });

  it('compares with the highest released version', async () => {
    const released = withoutContactEmail();
    await writeJson(join(releasesDir, 'openapi-2.0.0.json'), released);
    await writeJson(join(releasesDir, 'openapi-10.0.0-rc.1.json'), fixtureDoc());
    await writeJson(join(releasesDir, 'openapi-1.10.0.json'), fixtureDoc());
    await writeJson(currentPath, released);
    const result = await gate();
    expect(result.baselineVersion).toBe('10.0.0-rc.1');
    await rm(join(releasesDir, 'openapi-10.0.0-rc.1.json'));
    const next = await gate();
    expect(next.baselineVersion).toBe('2.0.0');
    expect(next.changes).toEqual([]);
  });

  it('passes before the first release (no baseline)', async () => {
    await rm(join(releasesDir, 'openapi-1.0.0.json'));
    await writeJson(currentPath, withoutContactEmail());
    expect((await gate()).passed).toBe(true);
  });

  it('exits 1 from the command line on an undeclared breaking change and 0 once declared', async () => {
    await writeJson(currentPath, withoutContactEmail());
    const run = () =>
      spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          GATE_SCRIPT,
          '--current',
          currentPath,
          '--releases',
          releasesDir,
          '--changesets',
          changesetDir,
        ],
        { encoding: 'utf8' },
      );
    const failing = run();
    expect(failing.status, failing.stderr).toBe(1);
    expect(failing.stdout).toContain('property removed');
    await writeChangeset('major.md', '"@org/model": major');
    const passing = run();
    expect(passing.status, passing.stderr).toBe(0);
  });
});

describe('the gate on the committed documents', () => {
  // Not a verdict (that is the release job's `pnpm --filter @org/docs gate`): a check that the differ
  // copes with every shape the generated document uses and that a release baseline exists.
  it('compares docs/openapi.json with the latest docs/releases baseline', async () => {
    const result = await runGate({ currentPath: OPENAPI_JSON, releasesDir: RELEASES_DIR, changesetDir });
    expect(result.baselineVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect(formatGateReport(result, OPENAPI_JSON)).toMatch(/^Comparing openapi\.json with the release /);
  });
});

describe('parseChangeset', () => {
  it('reads the bumps of the front matter, quoted either way', () => {
    const parsed = parseChangeset('x.md', `---\n"@org/model": major\n'@org/client': patch\n---\n\nText.\n`);
    expect(parsed.releases).toEqual({ '@org/model': 'major', '@org/client': 'patch' });
  });

  it('reads an empty changeset as no release', () => {
    expect(parseChangeset('empty.md', '---\n---\n').releases).toEqual({});
  });
});
