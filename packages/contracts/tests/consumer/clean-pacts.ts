import { mkdirSync, rmSync } from 'node:fs';
import { PACT_DIR } from '../support/contract.js';

/** Global setup of the consumer project: each run writes the pacts from scratch. */
export default function cleanPacts() {
  rmSync(PACT_DIR, { recursive: true, force: true });
  mkdirSync(PACT_DIR, { recursive: true });
}
