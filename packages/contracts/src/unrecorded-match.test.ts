import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { withUnrecordedMatchRetry } from './unrecorded-match.js';

// Pact's own report of mock server mismatches, as executeTest throws it.
const { generateMockServerError } = createRequire(import.meta.url)(
  '@pact-foundation/pact/src/v3/display',
) as {
  generateMockServerError(mismatches: object[], indent: string): string;
};
const request = { method: 'GET', path: '/api/um/v3/conversations/', query: { limit: ['3'] }, headers: {} };
const pactError = (...mismatches: object[]) =>
  new Error(`Test failed for the following reasons:\n\n  ${generateMockServerError(mismatches, '\t')}`);
const notReceived = { type: 'missing-request', request };
const notExpected = { type: 'request-not-found', request };
const incorrect = { type: 'request-mismatch', method: 'GET', path: '/api/um/v3/notes/', mismatches: [] };

/** Runs the retry over attempts that fail with the given errors in turn, then pass; how many ran. */
async function attemptsFor(failures: Error[], { answers = true } = {}) {
  let ran = 0;
  const outcome = await withUnrecordedMatchRetry(async (answered) => {
    const failure = failures[ran++];
    if (answers) answered();
    if (failure) throw failure;
  }).then(
    () => 'passed',
    (error: Error) => error,
  );
  return { ran, outcome };
}

describe('withUnrecordedMatchRetry', () => {
  it('runs an answered interaction again while Pact reports only that it never received the request', async () => {
    expect(await attemptsFor([pactError(notReceived)])).toEqual({ ran: 2, outcome: 'passed' });
    expect(await attemptsFor([pactError(notReceived), pactError(notReceived)])).toEqual({
      ran: 3,
      outcome: 'passed',
    });
  });

  it('lets the failure stand after three attempts', async () => {
    const failures = [1, 2, 3].map(() => pactError(notReceived));
    expect(await attemptsFor(failures)).toEqual({ ran: 3, outcome: failures[2] });
  });

  it('never runs again a request the mock server did not answer as declared', async () => {
    const failure = pactError(notReceived);
    expect(await attemptsFor([failure], { answers: false })).toEqual({ ran: 1, outcome: failure });
  });

  it('never runs again a mismatch of another kind, alone or beside a request not received', async () => {
    for (const failure of [
      pactError(incorrect),
      pactError(notExpected),
      pactError(notReceived, incorrect),
      pactError(notExpected, notReceived),
      new Error('connect ECONNREFUSED 127.0.0.1:41234'),
    ])
      expect(await attemptsFor([failure])).toEqual({ ran: 1, outcome: failure });
  });
});
