import { parseArgs } from 'node:util';
import { brokerCredentials } from '../broker/publish-pacts.js';
import { type ConsumerVersionSelector, verifyProvider } from '../provider/verify-provider.js';
import { COMMON_OPTIONS, command, PROGRAM, usageError } from './command.js';
import type { CliIo } from './io.js';

const OPTIONS = {
  'base-url': { type: 'string' },
  sandbox: { type: 'boolean' },
  'org-token': { type: 'string' },
  'customer-token': { type: 'string' },
  'broker-url': { type: 'string' },
  selector: { type: 'string', multiple: true },
  'provider-version': { type: 'string' },
  branch: { type: 'string' },
  provider: { type: 'string' },
} as const;

const USAGE = `Usage: ${PROGRAM} verify [PACT...] [options]

Verify pacts (files or folders) and/or a Pact Broker's pacts against a provider.

Options:
  --base-url URL         the provider under test (default: start the reference server
                         of @org/reference-server, every provider state set up)
  --sandbox              with --base-url: a reference server started with --sandbox;
                         POST /_sandbox/reset before each interaction, and every
                         provider state of the catalogue set up by its sandbox
                         (POST /_sandbox/provider-states); a state outside the
                         catalogue fails the verification, naming it
  --org-token T          the started reference server's organization token: the one
                         your pacts carry (default demo-org-token)
  --customer-token T     its customer token (default demo-customer-token)
  --broker-url URL       Pact Broker (or env PACT_BROKER_BASE_URL) to fetch pacts from;
                         token: env PACT_BROKER_TOKEN, or PACT_BROKER_USERNAME/PASSWORD
  --selector JSON        consumer version selector, repeatable
                         (default {"mainBranch":true} and {"deployedOrReleased":true})
  --provider-version V   publish the results to the broker under this version
  --branch B             the provider version's branch
  --provider NAME        default customer-messaging-api
${COMMON_OPTIONS}

Exit status: 0 when verified, 1 when the verification fails, 2 on a usage error.`;

const verify = async (args: string[], io: CliIo): Promise<number> => {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: OPTIONS });
  const brokerUrl = values['broker-url'] ?? io.env.PACT_BROKER_BASE_URL;
  if (!positionals.length && !brokerUrl) {
    return usageError(
      io,
      'verify',
      'verify needs pact files or folders, or --broker-url (or PACT_BROKER_BASE_URL)',
    );
  }
  const selectors = (values.selector ?? []).map((json) => JSON.parse(json) as ConsumerVersionSelector);
  const tokens = {
    ...(values['org-token'] ? { organization: values['org-token'] } : {}),
    ...(values['customer-token'] ? { customer: values['customer-token'] } : {}),
  };
  io.out(`Verifying ${values['base-url'] ?? 'a reference server started for this run'}\n`);
  const result = await verifyProvider({
    ...(positionals.length ? { pacts: positionals } : {}),
    ...(values['base-url'] ? { baseUrl: values['base-url'] } : { tokens }),
    ...(values.sandbox ? { sandbox: true } : {}),
    ...(brokerUrl
      ? {
          broker: {
            url: brokerUrl,
            ...brokerCredentials(io.env),
            ...(selectors.length ? { consumerVersionSelectors: selectors } : {}),
          },
        }
      : {}),
    ...(values['provider-version'] ? { providerVersion: values['provider-version'] } : {}),
    ...(values.branch ? { providerVersionBranch: values.branch } : {}),
    ...(values.provider ? { providerName: values.provider } : {}),
  }).then(
    (ok) => ok,
    (error: unknown) => error as Error,
  );
  if (result instanceof Error) {
    io.err(`${result.message}\n`);
    return 1;
  }
  // The verifier has printed its report; its JSON summary stays in `result.output` for callers.
  io.out(`verified${result.published ? '; results published to the broker' : ''}\n`);
  return 0;
};

export const verifyCommand = command({ name: 'verify', usage: USAGE, options: OPTIONS, run: verify });
