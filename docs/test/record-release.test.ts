import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordRelease } from '../scripts/lib/release/record-release.js';
import { type Doc, fixtureDoc } from './support/fixture.js';

const SCRIPT = fileURLToPath(new URL('../scripts/record-release.ts', import.meta.url));
/** tsx by path: the command runs in the scratch workspace, where no node_modules resolves it. */
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** A scratch workspace as `changeset version` leaves it for 0.2.0: never the repository's own files. */
let root: string;
let releasesDir: string;
let currentPath: string;
const modelChangelog = () => join(root, 'packages/model/CHANGELOG.md');
const clientChangelog = () => join(root, 'packages/client/CHANGELOG.md');

const MODEL_CHANGELOG = `# @org/model

## 0.2.0

### Minor Changes

- 1a2b3c4: Contacts no longer carry an email.

Release notes of each version are written here by changesets (\`pnpm changeset version\`).
`;
const CLIENT_CHANGELOG = `# @org/client

## 0.2.0

### Patch Changes

- Updated dependencies [1a2b3c4]
  - @org/model@0.2.0
`;

const release020 = (): Doc => {
  const doc = fixtureDoc();
  doc.info.version = '0.2.0';
  delete doc.components.schemas.Contact.properties.email;
  return doc;
};

const writeJson = (path: string, value: unknown) => writeFile(path, JSON.stringify(value, null, 2));
const record = (dryRun = false) => recordRelease({ currentPath, releasesDir, root, dryRun });

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'record-release-'));
  releasesDir = join(root, 'docs/releases');
  currentPath = join(root, 'docs/openapi.json');
  await mkdir(releasesDir, { recursive: true });
  await mkdir(join(root, '.changeset'));
  await writeFile(join(root, 'pnpm-workspace.yaml'), 'packages:\n  - packages/*\n  - docs\n');
  await writeJson(join(root, '.changeset/config.json'), {
    fixed: [['@org/model', '@org/client', '@org/contracts']],
  });
  for (const name of ['model', 'client', 'contracts']) {
    await mkdir(join(root, 'packages', name), { recursive: true });
    await writeJson(join(root, 'packages', name, 'package.json'), { name: `@org/${name}`, version: '0.2.0' });
  }
  await writeFile(modelChangelog(), MODEL_CHANGELOG);
  await writeFile(clientChangelog(), CLIENT_CHANGELOG);
  await writeJson(join(releasesDir, 'openapi-0.1.0.json'), fixtureDoc());
  await writeJson(currentPath, release020());
});

afterEach(() => rm(root, { recursive: true, force: true }));

describe('recordRelease', () => {
  it('keeps the document as the next baseline and writes the notes with the API changes since the last release', async () => {
    const release = await record();
    expect(release).toMatchObject({ version: '0.2.0', previousVersion: '0.1.0' });
    expect(release.apiChanges?.breakingCount).toBe(1);
    expect(await readFile(join(releasesDir, 'openapi-0.2.0.json'), 'utf8')).toBe(
      await readFile(currentPath, 'utf8'),
    );
    const notes = await readFile(join(releasesDir, '0.2.0.md'), 'utf8');
    expect(notes).toBe(release.notesMarkdown);
    const order = [
      '# Release 0.2.0',
      'Released together as 0.2.0: `@org/model`, `@org/client`.',
      '## @org/model',
      '- 1a2b3c4: Contacts no longer carry an email.',
      '## @org/client',
      '  - @org/model@0.2.0',
      '## API changes since 0.1.0',
      '### Breaking (1)',
      '- **property removed**: `schema Contact (in responses) › email`; received in `GET /api/um/v3/contact_identities/{id}/`',
    ].map((line) => notes.split('\n').indexOf(line));
    expect(order.filter((i) => i === -1)).toEqual([]);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(notes).not.toContain('Release notes of each version');
  });

  it("appends the same section to the newest entry of the model's CHANGELOG.md, and only there", async () => {
    const release = await record();
    expect(release.changelog).toEqual({ path: modelChangelog(), updated: true });
    const changelog = await readFile(modelChangelog(), 'utf8');
    const entryEnd = changelog.indexOf('Release notes of each version');
    expect(changelog.indexOf('### API changes since 0.1.0')).toBeGreaterThan(changelog.indexOf('- 1a2b3c4'));
    expect(changelog.indexOf('### API changes since 0.1.0')).toBeLessThan(entryEnd);
    expect(changelog).toContain('#### Breaking (1)');
    expect(await readFile(clientChangelog(), 'utf8')).toBe(CLIENT_CHANGELOG);
  });

  it('gives the same files when run again', async () => {
    await record();
    const files = async () =>
      Promise.all(
        [join(releasesDir, '0.2.0.md'), join(releasesDir, 'openapi-0.2.0.json'), modelChangelog()].map((f) =>
          readFile(f, 'utf8'),
        ),
      );
    const first = await files();
    await record();
    expect(await files()).toEqual(first);
  });

  it('compares with the release before, not with a later or its own baseline', async () => {
    const later = fixtureDoc();
    later.info.version = '0.0.9';
    await writeJson(join(releasesDir, 'openapi-0.0.9.json'), later);
    await writeJson(join(releasesDir, 'openapi-0.2.0.json'), fixtureDoc());
    expect((await record()).previousVersion).toBe('0.1.0');
  });

  it('writes a first release without comparison', async () => {
    await rm(join(releasesDir, 'openapi-0.1.0.json'));
    const release = await record();
    expect(release.previousVersion).toBeUndefined();
    expect(release.apiChanges).toBeUndefined();
    expect(release.notesMarkdown).toContain(
      'The first release of the API: no earlier document to compare with.',
    );
    expect(await readFile(modelChangelog(), 'utf8')).toContain('### API changes\n');
  });

  it("leaves a CHANGELOG.md alone whose newest entry is another version's", async () => {
    await writeFile(modelChangelog(), MODEL_CHANGELOG.replace('## 0.2.0', '## 0.1.5'));
    const release = await record();
    expect(release.changelog).toEqual({
      path: modelChangelog(),
      updated: false,
      reason: 'its newest entry is 0.1.5, not 0.2.0',
    });
    expect(release.notesMarkdown).not.toContain('## @org/model');
    expect(await readFile(modelChangelog(), 'utf8')).toBe(MODEL_CHANGELOG.replace('## 0.2.0', '## 0.1.5'));
  });

  it('writes nothing in a dry run', async () => {
    const release = await record(true);
    expect(release.notesMarkdown).toContain('## API changes since 0.1.0');
    expect(release.changelog?.updated).toBe(true);
    expect((await readdir(releasesDir)).sort()).toEqual(['openapi-0.1.0.json']);
    expect(await readFile(modelChangelog(), 'utf8')).toBe(MODEL_CHANGELOG);
  });

  it('refuses a document without a semver info.version', async () => {
    const doc = release020();
    doc.info.version = 'next';
    await writeJson(currentPath, doc);
    await expect(record()).rejects.toThrow(/no semver info.version \(found next\)/);
  });
});

describe('pnpm --filter @org/docs record-release', () => {
  it('records from the command line and says what it wrote', () => {
    const run = spawnSync(
      process.execPath,
      ['--import', TSX, SCRIPT, '--current', currentPath, '--releases', releasesDir, '--root', root],
      { encoding: 'utf8', cwd: root },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toBe(
      [
        'recorded docs/releases/openapi-0.2.0.json',
        'recorded docs/releases/0.2.0.md: 1 API change(s) since 0.1.0, 1 breaking',
        'added the API changes to packages/model/CHANGELOG.md',
        '',
      ].join('\n'),
    );
  });
});
