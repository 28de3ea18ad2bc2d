import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './migrate.js';

/**
 * Migrations are append-only (docs/architecture.md): migrations.sha256 holds the checksum of every
 * migration released so far (0001-0014 are byte for byte the SQL the server applied before they
 * became files). A database stops a start on a changed file (migrate.ts); this stops the change
 * before it reaches one. A new migration is appended here with `sha256sum NNNN-name.sql`.
 */
const locked = readFileSync(new URL('./migrations.sha256', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((line) => {
    const [sha256, file] = line.split(/\s+/);
    return { sha256: sha256!, file: file! };
  });
const files = readdirSync(MIGRATIONS_FOLDER)
  .filter((file) => file.endsWith('.sql'))
  .sort();
const sha256Of = (file: string) =>
  createHash('sha256')
    .update(readFileSync(new URL(file, MIGRATIONS_FOLDER)))
    .digest('hex');

describe('frozen migrations', () => {
  it('every recorded migration is still there, byte for byte', () => {
    const changed = locked.filter(({ file, sha256 }) => !files.includes(file) || sha256Of(file) !== sha256);
    expect(changed.map((m) => m.file)).toEqual([]);
  });

  it('every migration is recorded, in order: new ones are appended after the recorded ones', () => {
    expect(files).toEqual(locked.map((m) => m.file));
  });
});
