import {
  generateWorld,
  resolveWorldOptions,
  WORLD_TABLES,
  type WorldOptions,
  type WorldSummary,
  type WorldTable,
} from '@org/demo-world';
import type { ComputedColumn } from '../engine/bulk-insert.js';
import type { Db } from '../engine/db.js';
import { syncIdSequences } from '../engine/reset-db.js';
import { BatchWriter } from './batch-writer.js';

/**
 * Columns the store derives from a world row's inputs in the INSERT itself: a token is kept only
 * as its hash (as hashToken computes it), and the search vectors of contacts and conversations come
 * from the same functions the triggers use (migration 0008).
 */
const COMPUTED: Partial<Record<WorldTable, readonly ComputedColumn[]>> = {
  api_tokens: [['token_sha256', `encode(sha256(convert_to(u."token", 'UTF8')), 'hex')`]],
  conversations: [
    [
      'search_vector',
      'conversation_search_vector(u."search_name", u."search_email", u."search_street", u."search_city", u."search_messages")',
    ],
  ],
  contact_identities: [
    [
      'search_vector',
      'contact_search_vector(u."name", u."email", u."street", u."city", u."country", u."notes_text")',
    ],
  ],
};
const TABLES = WORLD_TABLES.map(([table, columns]) => [table, columns, COMPUTED[table] ?? []] as const);

/**
 * Generates the demo world into a migrated, empty database: in one transaction, streamed in
 * batches (memory stays flat from a handful of records to millions). Triggers that maintain
 * search vectors step aside during the load (`app.bulk_load`), and the vectors are computed
 * afterwards with the same SQL functions. Same options => byte-identical data.
 */
export async function seedWorld(
  db: Db,
  input: WorldOptions = {},
  {
    bulkLoadFromRows = BULK_LOAD_FROM_ROWS,
    copy = true,
  }: {
    bulkLoadFromRows?: number;
    /** COPY where the connection speaks it (faster); `false` writes every row with INSERT (tests compare). */
    copy?: boolean;
  } = {},
): Promise<WorldSummary> {
  const options = resolveWorldOptions(input);
  const roughRows =
    options.organizations *
    (options.contactsPerOrg + options.conversationsPerOrg * (1 + options.messagesPerConversation));
  const started = performance.now();
  return db.transaction(async (tx) => {
    await tx.query(`SELECT set_config('app.bulk_load', 'on', true)`);
    // Contacts are written after the conversations that reference them (see generate()).
    await tx.query('SET CONSTRAINTS ALL DEFERRED');
    const checksSkipped = !options.checkForeignKeys && (await skipTriggerChecks(tx));
    const setAside = roughRows >= bulkLoadFromRows ? await prepareEmptyTables(tx) : [];
    const writer = new BatchWriter(tx, TABLES, options.batchSize, { copy });
    const generated = await generateWorld(options, input, writer);
    await writer.drain();
    const written = performance.now();
    // Derived rows the triggers keep afterwards, written once for the whole load: before the
    // indexes are built, so that theirs are built with the others instead of entered row by row.
    await tx.query('SELECT refresh_conversation_list_keys(ARRAY(SELECT id FROM conversations))');
    const derived = performance.now();
    // One sorted build per index instead of one insertion per row and index. Deferred foreign-key
    // checks (when they are kept) run first: an index cannot be built with trigger events pending.
    if (setAside.length) await tx.query('SET CONSTRAINTS ALL IMMEDIATE');
    for (const { definition } of setAside) await tx.query(definition);
    const summary = {
      ...generated,
      counts: writer.rowCounts as Record<WorldTable, number>,
      totalRecords: writer.totalRows,
      // Beside each table's writes, the steps after them (measure-seed.ts prints them).
      timings: {
        ...writer.writeMilliseconds,
        '(generated and written)': Math.round(written - started),
        '(list keys)': Math.round(derived - written),
        '(indexes built)': Math.round(performance.now() - derived),
      },
    };
    if (checksSkipped) await tx.query(`SET LOCAL session_replication_role = origin`);
    await tx.query(`SELECT set_config('app.bulk_load', 'off', true)`);
    await syncIdSequences(tx);
    return { ...summary, seconds: (performance.now() - started) / 1000 };
  });
}

const TABLE_NAMES = TABLES.map(([table]) => table);
/** The tables whose secondary indexes a bulk load builds after writing: the world's and the rows derived from it. */
const INDEXED_AFTER_LOAD = [...TABLE_NAMES, 'conversation_list_keys'];

/**
 * From about this many rows (contacts, conversations, messages) a seed sets the secondary indexes
 * aside (prepareEmptyTables). Below it, dropping and building some 60 indexes costs more than it
 * saves: measured on PGlite, a 2-organization test world took 420 ms of CPU with it, 190 without.
 */
const BULK_LOAD_FROM_ROWS = 5_000;

/**
 * When every table of the world is still empty (a first start): the secondary indexes of those
 * tables (and their triggers with transition tables) are dropped for the load and returned, to be
 * built again once the rows are in (PGlite spent
 * most of a conversation's insert maintaining its 27 indexes). Indexes behind constraints (primary
 * keys, uniques the foreign keys need) stay. Under wal_level=minimal (PGlite, see pglite-db.ts) the
 * tables are truncated first: rows written into storage created in the same transaction skip the
 * write-ahead log. On tables that already hold rows nothing changes.
 */
async function prepareEmptyTables(tx: Db): Promise<Array<{ name: string; definition: string }>> {
  const emptiness = TABLE_NAMES.map((table) => `NOT EXISTS (SELECT 1 FROM ${table})`).join(' AND ');
  const [state] = await tx.query<{ empty: boolean; minimal: boolean }>(
    `SELECT ${emptiness} AS empty, current_setting('wal_level') = 'minimal' AS minimal`,
  );
  if (!state?.empty) return [];
  // Empty tables: CASCADE reaches only tables whose rows would reference these (none).
  if (state.minimal) await tx.query(`TRUNCATE ${TABLE_NAMES.join(', ')} CASCADE`);
  const indexes = await tx.query<{ name: string; definition: string }>(
    `SELECT format('%I', x.relname) AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
       JOIN pg_class t ON t.oid = i.indrelid
       JOIN pg_class x ON x.oid = i.indexrelid
      WHERE t.relnamespace = current_schema()::regnamespace AND t.relname = ANY($1::text[])
        AND NOT x.relispartition AND NOT i.indisunique
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
      ORDER BY x.relname`,
    [INDEXED_AFTER_LOAD],
  );
  for (const { name } of indexes) await tx.query(`DROP INDEX ${name}`);
  // Statement triggers with transition tables collect every row a statement writes even when they
  // then do nothing (their bulk-load branch) or do not fire (session_replication_role): for the
  // 3M analytics points (their triggers keep the stored day renders current) that cost a third of
  // the seed. Set aside like the indexes.
  const triggers = await tx.query<{ name: string; definition: string }>(
    `SELECT format('%I ON %I', t.tgname, c.relname) AS name, pg_get_triggerdef(t.oid) AS definition
       FROM pg_trigger t
       JOIN pg_class c ON c.oid = t.tgrelid
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relname = ANY($1::text[])
        AND NOT t.tgisinternal AND (t.tgnewtable IS NOT NULL OR t.tgoldtable IS NOT NULL)
      ORDER BY c.relname, t.tgname`,
    [TABLE_NAMES],
  );
  for (const { name } of triggers) await tx.query(`DROP TRIGGER ${name}`);
  // A partitioned table's index is described `ON ONLY` the parent; built on the parent, it is
  // built on every partition again (with the names the migration gave them).
  return [
    ...indexes.map(({ name, definition }) => ({
      name,
      definition: definition.replace(' ON ONLY ', ' ON '),
    })),
    ...triggers,
  ];
}

/**
 * Foreign keys are enforced by triggers, which session_replication_role = replica switches off
 * for this transaction. Only privileged roles may set it; others keep the checks (same rows).
 */
async function skipTriggerChecks(tx: Db): Promise<boolean> {
  try {
    await tx.transaction((inner) => inner.query(`SET LOCAL session_replication_role = replica`));
    return true;
  } catch {
    return false;
  }
}
