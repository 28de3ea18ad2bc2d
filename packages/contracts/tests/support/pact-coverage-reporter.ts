import type { Reporter } from 'vitest/reporters';

/** Prints the pact coverage line at the end of the run (filled in with the coverage module). */
export default class PactCoverageReporter implements Reporter {
  onTestRunEnd() {}
}
