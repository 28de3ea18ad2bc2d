import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('.', import.meta.url).pathname;
const SQL =
  /\b(SELECT\s|INSERT\s+INTO|DELETE\s+FROM|UPDATE\s+\w+\s+SET|CREATE\s+(TABLE|INDEX|FUNCTION|DATABASE)|ALTER\s+(TABLE|DATABASE)|TRUNCATE\s)/;

/** Every TypeScript file under dir, tests included. */
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });

/** The folders SQL may live in: the store, and the sandbox's own store (its records, clock, fixtures). */
const STORE_FOLDERS = ['store/', 'sandbox/store/'];
const inStoreFolder = (path: string) => STORE_FOLDERS.some((folder) => path.startsWith(folder));

// The import arrows between layers are checked by dependency-cruiser (`pnpm lint`,
// .dependency-cruiser.cjs); this checks the other half of the layering rule.
describe('layers (docs/architecture.md)', () => {
  it('every SQL statement of the server, its tests included, lives in a store folder', () => {
    const outside = sourceFiles(SRC)
      .map((path) => relative(SRC, path))
      .filter((path) => !inStoreFolder(path) && path !== 'layers.test.ts')
      .filter((path) => SQL.test(readFileSync(join(SRC, path), 'utf8')));
    expect(outside).toEqual([]);
  });

  it('the check finds SQL where there is some, and counts only the store folders as store', () => {
    expect(SQL.test(readFileSync(join(SRC, 'store/lists.ts'), 'utf8'))).toBe(true);
    expect(SQL.test(readFileSync(join(SRC, 'sandbox/store/records.ts'), 'utf8'))).toBe(true);
    expect(
      ['sandbox/http/control-routes.ts', 'sandbox/control.ts', 'http/store.ts', 'handlers/store/x.ts'].filter(
        inStoreFolder,
      ),
    ).toEqual([]);
  });
});
