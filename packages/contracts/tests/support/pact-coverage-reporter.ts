import type { Reporter } from 'vitest/reporters';
import { pactCoverage, readPactInteractions } from '../../src/coverage.js';
import { type JournalExchange, journalCoverage } from '../../src/journal-coverage.js';
import { PACT_DIR } from './contract.js';

/** What a pact file records of an interaction (Pact V4: bodies as `{ content }`, header values as lists). */
interface RecordedInteraction {
  request?: {
    method?: string;
    path?: string;
    query?: Record<string, string[]>;
    headers?: Headers;
    body?: Body;
  };
  response?: { status?: number; headers?: Headers; body?: Body };
}
type Headers = Record<string, string | string[]>;
type Body = { content?: unknown } | undefined;

function journalHeadersOf(headers: Headers = {}): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, v]) => [name.toLowerCase(), Array.isArray(v) ? v.join(', ') : v]),
  );
}

/**
 * An interaction as the sandbox's journal records it when the verification replays it: the
 * verification resets the sandbox (and so its journal) before each interaction, so the journal of
 * the run is read from the pacts instead of from the server.
 */
function exchangeOf(interaction: RecordedInteraction): JournalExchange {
  const { request = {}, response = {} } = interaction;
  return {
    method: request.method ?? 'GET',
    path: (request.path ?? '').split('?')[0] ?? '',
    query: request.query ?? {},
    status: response.status ?? 0,
    request: { headers: journalHeadersOf(request.headers), body: request.body?.content ?? null },
    response: { headers: journalHeadersOf(response.headers), body: response.body?.content ?? null },
  };
}

/**
 * Prints the pact coverage line (endpoint x documented status pairs covered) at the end of the run,
 * and the Test Coverage Level the pacts' exchanges reach over the whole API (docs/guides/contract-tests.md).
 */
export default class PactCoverageReporter implements Reporter {
  async onTestRunEnd() {
    const interactions = readPactInteractions(PACT_DIR);
    if (!interactions.length) return;
    const coverage = pactCoverage(interactions);
    const missing = coverage.missing.slice(0, 10).map((m) => `${m.endpoint} ${m.status}`);
    const level = await journalCoverage(interactions.map(exchangeOf), { all: true });
    const next = level.next
      ? `; for TCL${level.next.level}, ${level.next.missing.length} missing, e.g. ${level.next.missing.slice(0, 5).join(', ')}`
      : '';
    process.stdout.write(
      `\n${coverage.line}${missing.length ? `; missing: ${missing.join(', ')}${coverage.missing.length > 10 ? ', ...' : ''}` : ''}\n` +
        `Pact level: TCL${level.level} of TCL0-TCL7 over every operation of the API, from the pacts' exchanges${next}\n`,
    );
  }
}
