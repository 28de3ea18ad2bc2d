import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tar from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { startExtraction } from './extract-world.js';
import { readWorldFiles, writeWorldArchive } from './world-archive.js';

const parent = fs.mkdtempSync(join(tmpdir(), 'um-untar-'));
afterAll(() => fs.rmSync(parent, { recursive: true, force: true }));

/** A tarball as the build writes them (portable), of the files `make` writes. */
const tarball = async (name: string, make: (dir: string) => void) => {
  const dir = join(parent, `${name}-src`);
  fs.mkdirSync(dir);
  make(dir);
  const file = join(parent, `${name}.tar`);
  await tar.create({ cwd: dir, file, portable: true }, fs.readdirSync(dir));
  return file;
};

/** An archive as the build writes it, of these tarballs; returns each one's slice. */
const archive = (name: string, tarballs: string[]) =>
  writeWorldArchive(tarballs, join(parent, `${name}.tar.br`));

/** A world's files, written as `plain` below. */
const writePlain = (dir: string) => {
  fs.mkdirSync(join(dir, 'base', '5'), { recursive: true });
  fs.writeFileSync(join(dir, 'PG_VERSION'), '17\n');
  // Larger than a piece of the decompressed stream (1 MB): the entry arrives in several.
  fs.writeFileSync(join(dir, 'base', '5', '1249'), Buffer.alloc(2_500_000, 7));
  fs.writeFileSync(join(dir, 'base', '5', '2619_fsm'), '');
};

describe('startExtraction', () => {
  it('writes files and directories, then renames them into place', async () => {
    const [world] = await archive('plain', [await tarball('plain', writePlain)]);
    const dataDir = join(parent, 'plain');
    await startExtraction(world!, dataDir).finish();
    expect(fs.readFileSync(join(dataDir, 'PG_VERSION'), 'utf8')).toBe('17\n');
    // Compared as a boolean: a failure must not print megabytes.
    expect(fs.readFileSync(join(dataDir, 'base', '5', '1249')).equals(Buffer.alloc(2_500_000, 7))).toBe(true);
    expect(fs.readFileSync(join(dataDir, 'base', '5', '2619_fsm'), 'utf8')).toBe('');
    expect(fs.readdirSync(parent).filter((name) => name.startsWith('plain.partial-'))).toEqual([]);
  });

  it('writes the world asked for out of an archive of several, and reads it back as its tarball', async () => {
    const first = await tarball('first', (dir) => fs.writeFileSync(join(dir, 'PG_VERSION'), '16\n'));
    const second = await tarball('second', writePlain);
    const third = await tarball('third', (dir) => fs.writeFileSync(join(dir, 'other'), 'x'));
    const slices = await archive('three', [first, second, third]);
    const dataDir = join(parent, 'second');
    await startExtraction(slices[1]!, dataDir).finish();
    expect(fs.readdirSync(dataDir).sort()).toEqual(['PG_VERSION', 'base']);
    expect(fs.readFileSync(join(dataDir, 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(fs.readFileSync(join(dataDir, 'base', '5', '1249')).equals(Buffer.alloc(2_500_000, 7))).toBe(true);
    // In memory: each world's files, byte for byte, each in a buffer of its own (PGlite takes them
    // over without a copy).
    const read = await Promise.all(slices.map((slice) => readWorldFiles(slice)));
    const listed = read.map(({ directories, files }) => [
      ...directories.map((d) => `${d.path}/`),
      ...files.map((f) => `${f.path} ${f.data.length}`),
    ]);
    expect(listed).toEqual([
      ['PG_VERSION 3'],
      ['base/', 'base/5/', 'PG_VERSION 3', 'base/5/1249 2500000', 'base/5/2619_fsm 0'],
      ['other 1'],
    ]);
    const big = read[1]!.files.find((f) => f.path === 'base/5/1249')!;
    expect(Buffer.from(big.data).equals(Buffer.alloc(2_500_000, 7))).toBe(true);
    expect(big.data.byteOffset === 0 && big.data.buffer.byteLength === big.data.length).toBe(true);
    expect(Buffer.from(read[2]!.files[0]!.data).toString()).toBe('x');
  });

  it('refuses entries it does not write (a link) and a damaged tarball, and leaves nothing', async () => {
    const linked = await tarball('linked', (dir) => {
      fs.writeFileSync(join(dir, 'PG_VERSION'), '17\n');
      fs.symlinkSync('PG_VERSION', join(dir, 'link'));
    });
    const [linkedWorld] = await archive('linked', [linked]);
    await expect(startExtraction(linkedWorld!, join(parent, 'linked')).finish()).rejects.toThrow(/type 2/);
    const damaged = join(parent, 'damaged.tar');
    const bytes = fs.readFileSync(linked);
    bytes[10] = 1;
    fs.writeFileSync(damaged, bytes);
    const [damagedWorld] = await archive('damaged', [damaged]);
    await expect(startExtraction(damagedWorld!, join(parent, 'damaged')).finish()).rejects.toThrow(/damaged/);
    // An archive cut short: the world is not all there.
    const [world] = await archive('whole', [
      await tarball('whole', (dir) => fs.writeFileSync(join(dir, 'noise'), randomBytes(300_000))),
    ]);
    const cut = { ...world!, file: join(parent, 'cut.tar.br') };
    const compressed = fs.readFileSync(world!.file);
    fs.writeFileSync(cut.file, compressed.subarray(0, compressed.length / 2));
    await expect(startExtraction(cut, join(parent, 'cut')).finish()).rejects.toThrow(/cut\.tar\.br: /);
    await expect(readWorldFiles(cut)).rejects.toThrow(/cut\.tar\.br: /);
    await expect(readWorldFiles(linkedWorld!)).rejects.toThrow(/type 2/);
    await expect(readWorldFiles(damagedWorld!)).rejects.toThrow(/damaged/);
    expect(fs.readdirSync(parent).filter((name) => /^(linked|damaged|cut)($|\.partial)/.test(name))).toEqual(
      [],
    );
  });
});
