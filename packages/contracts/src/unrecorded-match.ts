/**
 * Pact's mock server answers a request before it records the match, on a task of its own
 * (pact-foundation/pact-core-mock-server#13). On a loaded machine Pact can read the matches before
 * that task has run, and fails an interaction whose request the mock server answered as declared
 * with "The following request was expected but not received". The fix (pact_mock_server 2.2.4)
 * ships only in @pact-foundation/pact-core 20, which no longer runs on Node 20, and so not in the
 * @pact-foundation/pact 16 line this package pairs with (D86).
 */

/** How many times an interaction is declared and run before its failure stands. */
const ATTEMPTS = 3;

/**
 * Runs `attempt`, which declares one interaction and runs it against Pact's mock server, calling
 * `answered()` once the mock server has answered its request as declared. An attempt that failed
 * only because Pact had not recorded that answer's match is run again; any other failure, a
 * mismatch of another kind among them, fails at once.
 */
export async function withUnrecordedMatchRetry(
  attempt: (answered: () => void) => Promise<void>,
): Promise<void> {
  for (let n = 1; ; n++) {
    let wasAnswered = false;
    try {
      await attempt(function markAnswered() {
        wasAnswered = true;
      });
      return;
    } catch (error) {
      if (n >= ATTEMPTS || !wasAnswered || !isOnlyUnrecordedMatch(error)) throw error;
    }
  }
}

/** Pact's report of mismatches (generateMockServerError) when every one is a request it says it never received. */
function isOnlyUnrecordedMatch(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return (
    message.includes('was expected but not received') &&
    !message.includes('The following request was incorrect') &&
    !message.includes('The following request was not expected') &&
    !message.includes('Unknown mismatch')
  );
}
