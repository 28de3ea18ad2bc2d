import { loopbackRequest } from './loopback-request.js';
import { SANDBOX_JOURNAL_PATH, SANDBOX_RESET_PATH } from './sandbox/api/prefix.js';
import type { JournalEntry, JournalQuery } from './sandbox/api/schemas.js';

/*
 * The two questions the test helpers ask a running sandbox, for useReferenceServer (vitest.ts) and
 * for the server pool between a worker's files (server-pool.ts). They load no endpoint table: the
 * paths are the table's own, from prefix.ts.
 */

/** Reads a running sandbox's journal; a filter it rejects throws with the server's message. */
export async function readJournal(url: string, filter: JournalQuery = {}): Promise<JournalEntry[]> {
  const query = new URLSearchParams(
    Object.entries(filter).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const target = new URL(`${SANDBOX_JOURNAL_PATH}${query.size ? `?${query}` : ''}`, url);
  const answer = await loopbackRequest('GET', target);
  if (answer.status !== 200) throw new Error(`GET ${target} answered ${answer.status}: ${answer.text}`);
  return (JSON.parse(answer.text) as { results: JournalEntry[] }).results;
}

/** Asks a running sandbox (`--sandbox`) to go back to its seeded world. */
export async function resetSandbox(url: string): Promise<void> {
  const target = new URL(SANDBOX_RESET_PATH, url);
  const answer = await loopbackRequest('POST', target);
  if (answer.status !== 204)
    throw new Error(`POST ${target} answered ${answer.status}: is the server started with --sandbox?`);
}
