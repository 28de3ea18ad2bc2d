import {
  generateWorld,
  resolveWorldOptions,
  WORLD_TABLES,
  type WorldOptions,
  type WorldSummary,
  type WorldTable,
} from '@org/demo-world';
import { BatchWriter } from './batch-writer.js';
import type { ComputedColumn } from './engine/bulk-insert.js';
import type { Db } from './engine/db.js';
import { syncIdSequences } from './engine/reset-db.js';

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
export async function seedWorld(db: Db, input: WorldOptions = {}): Promise<WorldSummary> {
  const options = resolveWorldOptions(input);
  const started = performance.now();
  return db.transaction(async (tx) => {
    await tx.query(`SELECT set_config('app.bulk_load', 'on', true)`);
    // Contacts are written after the conversations that reference them (see generate()).
    await tx.query('SET CONSTRAINTS ALL DEFERRED');
    const checksSkipped = !options.checkForeignKeys && (await skipTriggerChecks(tx));
    const writer = new BatchWriter(tx, TABLES, options.batchSize);
    const generated = await generateWorld(options, input, writer);
    await writer.drain();
    const summary = {
      ...generated,
      counts: writer.rowCounts as Record<WorldTable, number>,
      totalRecords: writer.totalRows,
      timings: writer.writeMilliseconds,
    };
    // Derived rows the triggers keep afterwards, written once for the whole load.
    await tx.query('SELECT refresh_conversation_list_keys(ARRAY(SELECT id FROM conversations))');
    if (checksSkipped) await tx.query(`SET LOCAL session_replication_role = origin`);
    await tx.query(`SELECT set_config('app.bulk_load', 'off', true)`);
    await syncIdSequences(tx);
    return { ...summary, seconds: (performance.now() - started) / 1000 };
  });
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
