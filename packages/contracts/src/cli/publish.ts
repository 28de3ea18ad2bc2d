import { parseArgs } from 'node:util';
import { publishPacts } from '../broker/publish-pacts.js';
import { type CliCommand, COMMON_OPTIONS, PROGRAM, usageError } from './command.js';
import type { CliIo } from './io.js';

const OPTIONS = {
  'pact-dir': { type: 'string' },
  'consumer-version': { type: 'string' },
  branch: { type: 'string' },
} as const;

const USAGE = `Usage: ${PROGRAM} publish [options]

Publish pacts to the Pact Broker at PACT_BROKER_BASE_URL (token: env PACT_BROKER_TOKEN, or
PACT_BROKER_USERNAME/PASSWORD). Without PACT_BROKER_BASE_URL nothing is published.

Options:
  --pact-dir DIR         default ./pacts
  --consumer-version V   default GIT_COMMIT
  --branch B             default GIT_BRANCH
${COMMON_OPTIONS}

Exit status: 0 when published (or without a broker to publish to), 2 on a usage error or when
the broker refuses a pact.`;

const publish = async (args: string[], io: CliIo): Promise<number> => {
  const { values } = parseArgs({ args, options: OPTIONS });
  const brokerUrl = io.env.PACT_BROKER_BASE_URL;
  if (!brokerUrl) {
    io.out('PACT_BROKER_BASE_URL is not set: nothing published.\n');
    return 0;
  }
  const version = values['consumer-version'] ?? io.env.GIT_COMMIT;
  if (!version) return usageError(io, 'publish', 'publish needs --consumer-version (or GIT_COMMIT)');
  const branch = values.branch ?? io.env.GIT_BRANCH;
  const published = await publishPacts({
    brokerUrl,
    pactDir: values['pact-dir'] ?? 'pacts',
    consumerVersion: version,
    ...(branch ? { branch } : {}),
    auth: io.env,
  });
  for (const p of published) io.out(`published ${p.consumer} -> ${p.provider} ${version}: ${p.url}\n`);
  return 0;
};

export const publishCommand: CliCommand = {
  name: 'publish',
  summary: 'publish pacts to the Pact Broker at PACT_BROKER_BASE_URL',
  usage: USAGE,
  options: OPTIONS,
  run: publish,
};
