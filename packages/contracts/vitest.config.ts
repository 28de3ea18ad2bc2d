import { defineConfig } from 'vitest/config';

/**
 * One `vitest run`, two groups in order (group numbers start at 1: vitest moves a single-worker
 * project of group 0 to the end of the run):
 *  1. consumer: the Pact consumer tests write pacts/ (one file at a time: they share a pact file);
 *  2. checks: unit tests, provider verification, the pact-vs-OpenAPI check, coverage and the
 *     conformance runner, which all read what group 0 wrote.
 */
export default defineConfig({
  test: {
    // Hang guards, not speed checks: provider verification and the fuzzer start servers and send
    // thousands of requests, minutes of work on a machine the whole test command shares.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    env: { PACT_DO_NOT_TRACK: 'true' },
    reporters: ['default', './tests/support/pact-coverage-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'consumer',
          include: ['tests/consumer/**/*.pact.test.ts'],
          globalSetup: ['tests/consumer/clean-pacts.ts'],
          fileParallelism: false,
          // Pact's mock server records a match asynchronously after answering; under load the
          // check can run first and report "expected but not received" for a request it answered
          // (pact-foundation/pact-reference#535). A real mismatch fails every attempt.
          retry: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'checks',
          include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
          exclude: ['tests/consumer/**'],
          sequence: { groupOrder: 2 },
          // The provider verification mostly waits on the server; the OpenAPI check is CPU work: overlap them.
          maxWorkers: 3,
          // A worker runs file after file without loading the reference server, PGlite, Pact and the
          // sources again for each (about 6 of 45 CPU seconds over the lighter files). No file mocks
          // a module, stubs a global or changes the environment, and each closes what it starts.
          isolate: false,
        },
      },
    ],
  },
});
