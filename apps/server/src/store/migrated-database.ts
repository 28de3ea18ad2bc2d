import { createHash } from 'node:crypto';
import { openPostgresDb } from './engine/postgres-db.js';
import {
  createTemporaryDatabase,
  type TemporaryDatabase,
  withAdminClient,
} from './engine/temporary-database.js';
import { loadMigrations, type Migration, migrate } from './migrate.js';

/**
 * Databases of their own for tests, already migrated: each is a copy of a template database that
 * holds every migration and nothing else, built once per set of migrations on that PostgreSQL server
 * and kept there (its name carries the set's hash, so an edited or added migration builds another).
 * A copy takes a fraction of the time the migrations take, and a server started on it finds its
 * schema current.
 */

/** Any fixed number (another than the migrations' and the snapshot's): serialises template builders. */
const TEMPLATE_LOCK_KEY = 72_010_040;
const TEMPLATE_PREFIX = 'um_migrated_';

/** The template's name for a set of migrations: their versions and checksums, hashed. */
export function templateNameOf(migrations: readonly Migration[]): string {
  const hash = createHash('sha256');
  for (const { version, checksum } of migrations) hash.update(`${version}:${checksum}\n`);
  return `${TEMPLATE_PREFIX}${hash.digest('hex').slice(0, 16)}`;
}

async function databaseExists(serverUrl: string, name: string): Promise<boolean> {
  return withAdminClient(
    serverUrl,
    async (client) =>
      (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1,
  );
}

/**
 * The template, built if this server has none yet: migrated under a name of its own, then renamed,
 * so that no one copies a half-migrated template; builders of several processes take turns.
 */
async function migratedTemplate(serverUrl: string, migrations: readonly Migration[]): Promise<string> {
  const name = templateNameOf(migrations);
  if (await databaseExists(serverUrl, name)) return name;
  await withAdminClient(serverUrl, async (admin) => {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      if ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount) return;
      const building = await createTemporaryDatabase(serverUrl, `${TEMPLATE_PREFIX}building`);
      try {
        const db = await openPostgresDb(building.url, { maxConnections: 1 });
        try {
          await migrate(db, migrations);
        } finally {
          await db.close();
        }
        const built = new URL(building.url).pathname.slice(1);
        await admin.query(`ALTER DATABASE "${built}" RENAME TO "${name}"`);
      } catch (error) {
        await building.drop();
        throw error;
      }
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  });
  return name;
}

/**
 * A migrated database of its own on the PostgreSQL server of `serverUrl`, copied from the template of
 * the migrations (this server's by default; built the first time). Dropped with its `drop()`.
 */
export async function createMigratedDatabase(
  serverUrl: string,
  prefix = 'test',
  migrations?: readonly Migration[],
): Promise<TemporaryDatabase> {
  const template = await migratedTemplate(serverUrl, migrations ?? (await loadMigrations()));
  return createTemporaryDatabase(serverUrl, prefix, { template });
}
