import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';

/**
 * The migration files, apart from applying them (migrate.ts): the prebuilt worlds' fingerprint
 * (prebuilt-worlds/prebuilt-world.ts) reads them while the CLI starts, before anything loads the
 * model (so that writing a new data directory begins at once), which the statements of migrate.ts
 * reach through schema.ts.
 */

/**
 * The migrations as shipped: src/store/migrations/ beside this module in the sources, and
 * dist/migrations/ beside the bundle (tsup.config.ts copies the folder; all chunks sit in dist/).
 */
export const MIGRATIONS_FOLDER = new URL('./migrations/', import.meta.url);

/** `NNNN-name.sql`: versions are the four digits, applied in ascending order without gaps. */
const FILE_NAME = /^(\d{4})-([a-z0-9][a-z0-9-]*)\.sql$/;

/** One frozen migration file. Never edit or renumber one that may have been applied: add a new one. */
export interface Migration {
  readonly version: number;
  /** The file's base name without `.sql`, e.g. `0011-conversation-list-indexes`. */
  readonly name: string;
  readonly file: string;
  readonly sql: string;
  /** sha256 (hex) of the file's bytes, recorded when it is applied. */
  readonly checksum: string;
}

/** The `NNNN-name.sql` files of `folder`, by version; throws on stray names, duplicates and gaps. */
export async function loadMigrations(folder: URL | string = MIGRATIONS_FOLDER): Promise<Migration[]> {
  const files = (await readdir(folder)).filter((file) => file.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = FILE_NAME.exec(file);
    if (!match) throw new Error(`migration file ${file} in ${folder} is not named NNNN-name.sql`);
    const bytes = await readFile(new URL(file, folderUrl(folder)));
    migrations.push({
      version: Number(match[1]),
      name: file.slice(0, -'.sql'.length),
      file,
      sql: bytes.toString('utf8'),
      checksum: createHash('sha256').update(bytes).digest('hex'),
    });
  }
  if (migrations.length === 0) throw new Error(`no migrations (NNNN-name.sql) in ${folder}`);
  migrations.forEach((migration, index) => {
    const previous = migrations[index - 1];
    if (previous?.version === migration.version) {
      throw new Error(`migrations ${previous.file} and ${migration.file} have the same version`);
    }
    if (migration.version !== index + 1) {
      throw new Error(`migration ${String(index + 1).padStart(4, '0')} is missing in ${folder}`);
    }
  });
  return migrations;
}

/** `folder` as a URL that file names resolve inside of. */
function folderUrl(folder: URL | string): URL {
  const url = typeof folder === 'string' ? pathToFileURL(folder) : folder;
  return url.href.endsWith('/') ? url : new URL(`${url.href}/`);
}
