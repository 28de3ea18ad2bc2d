import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tar from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { startExtraction } from './extract-world.js';

const parent = mkdtempSync(join(tmpdir(), 'um-untar-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

/** A tarball as the build writes them (portable), of the files `make` writes. */
const tarball = async (name: string, make: (dir: string) => void) => {
  const dir = join(parent, `${name}-src`);
  mkdirSync(dir);
  make(dir);
  const file = join(parent, `${name}.tar`);
  await tar.create({ cwd: dir, file, portable: true }, readdirSync(dir));
  return file;
};

describe('startExtraction (D58)', () => {
  it('writes files and directories, then renames them into place', async () => {
    const file = await tarball('plain', (dir) => {
      mkdirSync(join(dir, 'base', '5'), { recursive: true });
      writeFileSync(join(dir, 'PG_VERSION'), '17\n');
      writeFileSync(join(dir, 'base', '5', '1249'), Buffer.alloc(70_000, 7));
      writeFileSync(join(dir, 'base', '5', '2619_fsm'), '');
    });
    const dataDir = join(parent, 'plain');
    await startExtraction(file, dataDir).finish();
    expect(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(readFileSync(join(dataDir, 'base', '5', '1249'))).toEqual(Buffer.alloc(70_000, 7));
    expect(readFileSync(join(dataDir, 'base', '5', '2619_fsm'), 'utf8')).toBe('');
    expect(readdirSync(parent).filter((name) => name.startsWith('plain.partial-'))).toEqual([]);
  });

  it('refuses entries it does not write (a link) and a damaged tarball, and leaves nothing', async () => {
    const linked = await tarball('linked', (dir) => {
      writeFileSync(join(dir, 'PG_VERSION'), '17\n');
      symlinkSync('PG_VERSION', join(dir, 'link'));
    });
    await expect(startExtraction(linked, join(parent, 'linked')).finish()).rejects.toThrow(/type 2/);
    const damaged = join(parent, 'damaged.tar');
    const bytes = readFileSync(linked);
    bytes[10] = 1;
    writeFileSync(damaged, bytes);
    await expect(startExtraction(damaged, join(parent, 'damaged')).finish()).rejects.toThrow(/damaged/);
    expect(readdirSync(parent).filter((name) => /^(linked|damaged)($|\.partial)/.test(name))).toEqual([]);
  });
});
