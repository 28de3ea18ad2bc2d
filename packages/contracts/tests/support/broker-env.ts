import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestContext } from 'vitest';
import type { PublishOptions } from '../../src/broker/publish-pacts.js';
import { PACKAGE_ROOT, PACT_DIR } from './contract.js';

const git = (...args: string[]): string | undefined => {
  try {
    return (
      execFileSync('git', args, {
        cwd: PACKAGE_ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim() || undefined
    );
  } catch {
    return undefined;
  }
};

/** The Pact Broker settings of this run, or undefined when PACT_BROKER_BASE_URL is not set. */
export function brokerFromEnv() {
  const url = process.env.PACT_BROKER_BASE_URL;
  if (!url) return undefined;
  const pkg = JSON.parse(readFileSync(resolve(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string };
  return {
    url,
    version: process.env.GIT_COMMIT ?? git('rev-parse', '--short', 'HEAD') ?? pkg.version,
    branch: process.env.GIT_BRANCH ?? git('rev-parse', '--abbrev-ref', 'HEAD'),
    auth: {
      PACT_BROKER_TOKEN: process.env.PACT_BROKER_TOKEN,
      PACT_BROKER_USERNAME: process.env.PACT_BROKER_USERNAME,
      PACT_BROKER_PASSWORD: process.env.PACT_BROKER_PASSWORD,
    },
  };
}

export const NO_BROKER =
  'PACT_BROKER_BASE_URL is not set: pacts and verification results are not published (set it, and PACT_BROKER_TOKEN or PACT_BROKER_USERNAME/PASSWORD, to publish)';

/** The Pact Broker of this run; without one the test is skipped, saying so in the log too. */
export function brokerOrSkip(ctx: TestContext) {
  const broker = brokerFromEnv();
  if (!broker) {
    console.info(NO_BROKER);
    ctx.skip(NO_BROKER);
  }
  return broker;
}

/** Publishing this package's pacts to the run's broker, under the run's version and branch. */
export function publishOptions(broker: NonNullable<ReturnType<typeof brokerFromEnv>>): PublishOptions {
  return {
    brokerUrl: broker.url,
    pactDir: PACT_DIR,
    consumerVersion: broker.version,
    ...(broker.branch ? { branch: broker.branch } : {}),
    auth: broker.auth,
  };
}
