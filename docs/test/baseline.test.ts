import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compareVersions, latestBaseline, previousBaseline } from '../scripts/lib/breaking/baseline.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'baselines-'));
  for (const file of [
    'openapi-0.1.0.json',
    'openapi-0.10.0.json',
    'openapi-0.2.0.json',
    'openapi-1.0.0-rc.1.json',
    'notes.md',
  ]) {
    await writeFile(join(dir, file), '{}');
  }
});

afterEach(() => rm(dir, { recursive: true, force: true }));

describe('compareVersions', () => {
  it('orders by number, a prerelease before its release', () => {
    expect(['1.0.0', '0.10.0', '1.0.0-rc.1', '0.2.0'].sort(compareVersions)).toEqual([
      '0.2.0',
      '0.10.0',
      '1.0.0-rc.1',
      '1.0.0',
    ]);
  });
});

describe('the released documents of a directory', () => {
  it('latest is the highest version', async () => {
    expect((await latestBaseline(dir))?.version).toBe('1.0.0-rc.1');
  });

  it('previous is the highest below a version, whether or not that version is recorded yet', async () => {
    expect(await previousBaseline(dir, '0.10.0')).toEqual({
      version: '0.2.0',
      path: join(dir, 'openapi-0.2.0.json'),
    });
    expect((await previousBaseline(dir, '1.0.0'))?.version).toBe('1.0.0-rc.1');
    expect((await previousBaseline(dir, '0.3.0'))?.version).toBe('0.2.0');
    expect(await previousBaseline(dir, '0.1.0')).toBeUndefined();
  });

  it('a missing directory has none', async () => {
    expect(await latestBaseline(join(dir, 'nothing'))).toBeUndefined();
  });
});
