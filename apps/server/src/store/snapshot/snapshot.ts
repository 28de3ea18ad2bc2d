import type { Db } from '../engine/db.js';
import { CHANGES_CHANNEL } from '../schema.js';

/**
 * Resetting a sandbox to its seeded world in milliseconds, whatever the world's size: the
 * seeded rows are copied once into the `sandbox` schema, a row trigger on every table records the
 * key of each row written since, and a reset puts back only those rows. The schema is the
 * sandbox's own (nothing of it is a migration): a start without the sandbox drops it.
 */
const SCHEMA = 'sandbox';
/** The change notification a reset sends (every instance drops what it cached). */
export const SANDBOX_RESET = 'sandbox_reset';
/** Any fixed number (another than the migrations'): serialises instances taking the snapshot. */
const SNAPSHOT_LOCK_KEY = 72_010_022;

interface TableInfo {
  name: string;
  /** Primary key columns. */
  key: string[];
  /** The columns a row is written with (generated columns compute themselves). */
  columns: string[];
}

function quote(name: string) {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Top-level tables of the current schema with their primary keys (partitions are reached through their parent). */
async function tablesOf(db: Db): Promise<TableInfo[]> {
  const rows = await db.query<TableInfo>(
    `SELECT c.relname AS name,
            ARRAY(SELECT a.attname FROM unnest(i.indkey) WITH ORDINALITY k(attnum, n)
                    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum ORDER BY k.n)::text[] AS key,
            ARRAY(SELECT a.attname FROM pg_attribute a
                   WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
                   ORDER BY a.attnum)::text[] AS columns
       FROM pg_class c
       JOIN pg_index i ON i.indrelid = c.oid AND i.indisprimary
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
        AND NOT c.relispartition AND c.relname <> 'schema_migrations'
      ORDER BY c.relname`,
  );
  return rows;
}

/** Whether this database holds a sandbox snapshot. */
export async function hasSnapshot(db: Db): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM pg_namespace WHERE nspname = '${SCHEMA}'`)).length > 0;
}

/** The applied migrations: a snapshot's copies match the live tables only for the same ones. */
const SCHEMA_VERSION_SQL = `SELECT coalesce(string_agg(version || ':' || coalesce(checksum, ''), ',' ORDER BY version), '') AS v
  FROM schema_migrations`;

async function snapshotIsCurrent(db: Db): Promise<boolean> {
  const [taken] = await db.query<{ v: string }>(`SELECT schema_version AS v FROM ${SCHEMA}.meta`);
  const [live] = await db.query<{ v: string }>(SCHEMA_VERSION_SQL);
  return taken?.v === live?.v;
}

/**
 * Copies the current rows as the world a reset returns to and starts recording changes. Runs once
 * per database (a data directory or database keeps its snapshot); call it after seeding. A snapshot
 * taken before a migration no longer fits the tables: it is taken again from the rows as they are.
 */
export async function takeSnapshot(db: Db): Promise<void> {
  if (await hasSnapshot(db)) {
    if (await snapshotIsCurrent(db)) return;
    await dropSnapshot(db);
  }
  const tables = await tablesOf(db);
  await db.transaction(async (tx) => {
    // Instances starting together: one takes it, the others find it taken.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SNAPSHOT_LOCK_KEY]);
    if (await hasSnapshot(tx)) return;
    await tx.exec(`CREATE SCHEMA ${SCHEMA};
CREATE TABLE ${SCHEMA}.changed (tbl text NOT NULL, key jsonb NOT NULL, PRIMARY KEY (tbl, key));
CREATE TABLE ${SCHEMA}.truncated (tbl text PRIMARY KEY);
CREATE TABLE ${SCHEMA}.sequences (seq text PRIMARY KEY, value bigint NOT NULL, called boolean NOT NULL);
CREATE TABLE ${SCHEMA}.meta (schema_version text NOT NULL);
INSERT INTO ${SCHEMA}.meta (schema_version) ${SCHEMA_VERSION_SQL};
CREATE FUNCTION ${SCHEMA}.record_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r jsonb;
BEGIN
  -- TG_ARGV: the table (a partition's trigger names its parent), then its key columns.
  FOREACH r IN ARRAY ARRAY[CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END,
                           CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END] LOOP
    CONTINUE WHEN r IS NULL;
    INSERT INTO ${SCHEMA}.changed (tbl, key)
    SELECT TG_ARGV[0], jsonb_object_agg(TG_ARGV[g.n], r -> TG_ARGV[g.n]) FROM generate_series(1, TG_NARGS - 1) g(n)
    ON CONFLICT DO NOTHING;
  END LOOP;
  RETURN NULL;
END
$$;
CREATE FUNCTION ${SCHEMA}.record_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ${SCHEMA}.truncated (tbl) VALUES (TG_ARGV[0]) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;`);
    for (const { name, key } of tables) {
      const args = [name, ...key].map((k) => `'${k}'`).join(', ');
      await tx.exec(`CREATE TABLE ${SCHEMA}.${quote(name)} AS TABLE public.${quote(name)};
CREATE TRIGGER sandbox_changed AFTER INSERT OR UPDATE OR DELETE ON public.${quote(name)}
  FOR EACH ROW EXECUTE FUNCTION ${SCHEMA}.record_change(${args});
CREATE TRIGGER sandbox_truncated AFTER TRUNCATE ON public.${quote(name)}
  FOR EACH STATEMENT EXECUTE FUNCTION ${SCHEMA}.record_truncate('${name}');`);
    }
    // Each sequence's own state (pg_sequences shows no value for one set but not yet used).
    const sequences = await tx.query<{ seq: string }>(
      `SELECT format('%I.%I', schemaname, sequencename) AS seq FROM pg_sequences WHERE schemaname = current_schema()`,
    );
    for (const { seq } of sequences)
      await tx.query(
        `INSERT INTO ${SCHEMA}.sequences (seq, value, called) SELECT $1, last_value, is_called FROM ${seq}`,
        [seq],
      );
  });
}

/**
 * Makes a table's current rows part of the snapshot, as if they had been there when it was taken:
 * the tokens a start adds to a prebuilt world that carries its snapshot (demo-world.ts
 * ensureTokens) must survive a reset, as they do when the world is seeded with them. Its id
 * sequences are kept at their current values too, so a reset never hands out an id they hold.
 */
export async function keepInSnapshot(db: Db, table: string): Promise<void> {
  if (!(await hasSnapshot(db))) return;
  await db.transaction(async (tx) => {
    await tx.exec(`DELETE FROM ${SCHEMA}.${quote(table)};
INSERT INTO ${SCHEMA}.${quote(table)} SELECT * FROM public.${quote(table)};
DELETE FROM ${SCHEMA}.changed WHERE tbl = '${table}';`);
    const sequences = await tx.query<{ seq: string }>(
      `SELECT pg_get_serial_sequence(format('public.%I', $1::text), a.attname) AS seq FROM pg_attribute a
        WHERE a.attrelid = format('public.%I', $1::text)::regclass AND a.attnum > 0 AND NOT a.attisdropped
          AND pg_get_serial_sequence(format('public.%I', $1::text), a.attname) IS NOT NULL`,
      [table],
    );
    for (const { seq } of sequences) {
      const [state] = await tx.query<{ value: string; called: boolean }>(
        `SELECT last_value AS value, is_called AS called FROM ${seq}`,
      );
      await tx.query(`UPDATE ${SCHEMA}.sequences SET value = $2, called = $3 WHERE seq = $1`, [
        seq,
        state!.value,
        state!.called,
      ]);
    }
  });
}

/** Forgets the snapshot and stops recording (a start without the sandbox). */
export async function dropSnapshot(db: Db): Promise<void> {
  if (!(await hasSnapshot(db))) return;
  await db.transaction(async (tx) => {
    for (const { name } of await tablesOf(tx))
      await tx.exec(`DROP TRIGGER IF EXISTS sandbox_changed ON public.${quote(name)};
DROP TRIGGER IF EXISTS sandbox_truncated ON public.${quote(name)};`);
    await tx.exec(`DROP SCHEMA ${SCHEMA} CASCADE`);
  });
}

/**
 * Puts back the snapshot's version of every row written since it was taken (or since the last
 * reset), in one transaction with triggers and foreign-key checks off (the rows come back exactly as
 * they were, versions and derived rows included), resets the id sequences, and announces it on the
 * change channel so every instance drops what it cached. Returns the number of rows put back.
 */
export async function restoreSnapshot(db: Db): Promise<number> {
  const tables = await tablesOf(db);
  const restored = await db.transaction(async (tx) => {
    await tx.query(`SET LOCAL session_replication_role = replica`);
    const truncated = new Set(
      (await tx.query<{ tbl: string }>(`SELECT tbl FROM ${SCHEMA}.truncated`)).map((r) => r.tbl),
    );
    const changed = new Set(
      (await tx.query<{ tbl: string }>(`SELECT DISTINCT tbl FROM ${SCHEMA}.changed`)).map((r) => r.tbl),
    );
    let rows = 0;
    for (const { name, key, columns } of tables) {
      const live = `public.${quote(name)}`;
      const saved = `${SCHEMA}.${quote(name)}`;
      const list = columns.map(quote).join(', ');
      if (truncated.has(name)) {
        await tx.query(`DELETE FROM ${live}`);
        const [count] = await tx.query<{ n: number }>(
          `WITH i AS (INSERT INTO ${live} (${list}) SELECT ${list} FROM ${saved} RETURNING 1) SELECT count(*)::int AS n FROM i`,
        );
        rows += count?.n ?? 0;
        continue;
      }
      if (!changed.has(name)) continue;
      const keyList = key.map(quote).join(', ');
      // The recorded keys as typed columns of the table (jsonb_populate_recordset takes its row type).
      const keys = `(SELECT ${key.map((k) => `k.${quote(k)}`).join(', ')}
                       FROM ${SCHEMA}.changed c, jsonb_populate_record(NULL::${live}, c.key) k
                      WHERE c.tbl = '${name}')`;
      await tx.query(`DELETE FROM ${live} WHERE (${keyList}) IN ${keys}`);
      const [count] = await tx.query<{ n: number }>(
        `WITH i AS (INSERT INTO ${live} (${list}) SELECT ${list} FROM ${saved} WHERE (${keyList}) IN ${keys} RETURNING 1)
         SELECT count(*)::int AS n FROM i`,
      );
      rows += count?.n ?? 0;
    }
    await tx.exec(`DELETE FROM ${SCHEMA}.changed; DELETE FROM ${SCHEMA}.truncated;`);
    await tx.query(`SELECT setval(seq::regclass, value, called) FROM ${SCHEMA}.sequences`);
    await tx.query(`SELECT pg_notify($1, $2)`, [CHANGES_CHANNEL, SANDBOX_RESET]);
    return rows;
  });
  return restored;
}
