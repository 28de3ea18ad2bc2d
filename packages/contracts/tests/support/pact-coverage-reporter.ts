import type { Reporter } from 'vitest/reporters';
import { pactCoverage, readPactInteractions } from '../../src/coverage.js';
import { PACT_DIR } from './contract.js';

/** Prints the pact coverage line (endpoint x documented status pairs covered) at the end of the run. */
export default class PactCoverageReporter implements Reporter {
  onTestRunEnd() {
    const interactions = readPactInteractions(PACT_DIR);
    if (!interactions.length) return;
    const coverage = pactCoverage(interactions);
    const missing = coverage.missing.slice(0, 10).map((m) => `${m.endpoint} ${m.status}`);
    process.stdout.write(
      `\n${coverage.line}${missing.length ? `; missing: ${missing.join(', ')}${coverage.missing.length > 10 ? ', ...' : ''}` : ''}\n`,
    );
  }
}
