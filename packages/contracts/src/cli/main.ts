import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { publishPacts } from '../broker/publish-pacts.js';
import { formatCheckLine, formatSummary } from '../conformance/report.js';
import { runConformance } from '../conformance/runner.js';
import { pactCoverage, pactProviders, readPactInteractions } from '../coverage.js';
import type { OpenApiDocument } from '../fuzz/document.js';
import { fuzz } from '../fuzz/fuzz.js';
import { formatFuzzReport } from '../fuzz/report.js';
import { checkPact, formatPactCheck } from '../openapi/check-pact.js';
import { PROVIDER_NAME } from '../provider/provider-name.js';
import { type ConsumerVersionSelector, verifyProvider } from '../provider/verify-provider.js';

export interface CliIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
}

const HELP = `Usage: contracts <command> [options]

Commands:
  conform    Read-only conformance checks of a deployment against the model
             --base-url URL         origin of the API (required)
             --token TOKEN          organization or customer token (or env API_TOKEN)
             --organization-id N    Service-Organization-Id (customer tokens)
             --operator-id N        Service-Operator-Id
             --analytics-date DAY   UTC day of analytics to read (default yesterday)
             --only REGEX           run only the checks whose id matches
             --skip-analytics       leave out the analytics metric endpoints
             --json                 print the report as JSON instead of progress lines
  fuzz       Send generated valid and broken requests; check every answer against the document
             --base-url URL         origin of the API (required)
             --instance URL         another instance of the same deployment (repeatable):
                                    requests are spread over all of them
             --token TOKEN          organization token (or env API_TOKEN)
             --other-token TOKEN    a token of another organization: its records must never leak
             --seed N               generator seed (default 1): same seed, same requests
             --requests N           requests to send (default 1000)
             --concurrency N        requests in flight at once (default 8)
             --document FILE        OpenAPI 3.0 JSON (default: the one published with @org/model)
             --only REGEX           fuzz only the operations whose operationId matches
             --read-only            send GET requests only
             --organization-id N    the token's organization (default: learned from its records)
             --json                 print the report as JSON
  verify [PACT...]  Verify pacts (files or folders) and/or a Pact Broker's pacts against a provider
             --base-url URL         the provider under test (default: start the reference server
                                    of @org/reference-server, every provider state set up)
             --sandbox              with --base-url: POST /_sandbox/reset before each interaction
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
  check-pact PACT  Check a pact against the OpenAPI document (@pactflow/swagger-mock-validator)
             --openapi FILE         OpenAPI 3.0 JSON (default: the one published with @org/model)
             --require-all-properties  response bodies must hold every required property
                                    (default: a pact may hold only the fields its consumer reads)
             --json                 print the findings as JSON
  coverage   Print which endpoint x status pairs the pacts cover, and the missing statuses of
             the endpoints they use
             --pact-dir DIR         a folder or one pact file (default ./pacts)
             --provider NAME        pacts of this provider only (default customer-messaging-api)
             --all                  list the missing pairs of every endpoint, not only the used ones
             --fail-missing         exit status 1 when a listed pair is missing
  publish    Publish pacts to the Pact Broker at PACT_BROKER_BASE_URL
             --pact-dir DIR         default ./pacts
             --consumer-version V   default GIT_COMMIT
             --branch B             default GIT_BRANCH

Exit status: 0 when everything holds, 1 on any violation or failed verification, 2 on a usage error.`;

const conform = async (args: string[], io: CliIo): Promise<number> => {
  const { values } = parseArgs({
    args,
    options: {
      'base-url': { type: 'string' },
      token: { type: 'string' },
      'organization-id': { type: 'string' },
      'operator-id': { type: 'string' },
      'analytics-date': { type: 'string' },
      only: { type: 'string' },
      'skip-analytics': { type: 'boolean' },
      json: { type: 'boolean' },
    },
  });
  const baseUrl = values['base-url'];
  const token = values.token ?? io.env.API_TOKEN;
  if (!baseUrl || !token) {
    io.err('conform needs --base-url and --token (or API_TOKEN)\n');
    return 2;
  }
  const int = (name: 'organization-id' | 'operator-id') =>
    values[name] === undefined
      ? {}
      : { [name === 'organization-id' ? 'organizationId' : 'operatorId']: Number(values[name]) };
  const json = values.json ?? false;
  if (!json) io.out(`Checking ${baseUrl} against the model (read-only)\n`);
  const report = await runConformance({
    baseUrl,
    token,
    ...int('organization-id'),
    ...int('operator-id'),
    ...(values['analytics-date'] ? { analyticsDate: values['analytics-date'] } : {}),
    ...(values.only ? { only: new RegExp(values.only) } : {}),
    ...(values['skip-analytics'] ? { skipAnalytics: true } : {}),
    onCheckEnd: (result, index, total) => {
      if (!json) io.out(`${formatCheckLine(result, index, total)}\n`);
    },
  });
  io.out(json ? `${JSON.stringify(report, null, 2)}\n` : `${formatSummary(report)}\n`);
  return report.ok ? 0 : 1;
};

const fuzzCommand = async (args: string[], io: CliIo): Promise<number> => {
  const { values } = parseArgs({
    args,
    options: {
      'base-url': { type: 'string' },
      instance: { type: 'string', multiple: true },
      token: { type: 'string' },
      'other-token': { type: 'string' },
      seed: { type: 'string' },
      requests: { type: 'string' },
      concurrency: { type: 'string' },
      document: { type: 'string' },
      only: { type: 'string' },
      'read-only': { type: 'boolean' },
      'organization-id': { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  const baseUrl = values['base-url'];
  const token = values.token ?? io.env.API_TOKEN;
  if (!baseUrl || !token) {
    io.err('fuzz needs --base-url and --token (or API_TOKEN)\n');
    return 2;
  }
  const int = (name: 'seed' | 'requests' | 'concurrency' | 'organization-id') => {
    const raw = values[name];
    if (raw === undefined) return undefined;
    if (!/^\d+$/.test(raw)) throw new Error(`--${name} takes a whole number, not ${raw}`);
    return Number(raw);
  };
  const seed = int('seed');
  const requests = int('requests');
  const concurrency = int('concurrency');
  const organizationId = int('organization-id');
  const document = values.document
    ? (JSON.parse(readFileSync(values.document, 'utf8')) as OpenApiDocument)
    : undefined;
  const json = values.json ?? false;
  if (!json) io.out(`Fuzzing ${baseUrl}\n`);
  const report = await fuzz({
    baseUrl,
    ...(values.instance?.length ? { instances: values.instance } : {}),
    ...(concurrency === undefined ? {} : { concurrency }),
    token,
    ...(values['other-token'] ? { otherToken: values['other-token'] } : {}),
    ...(seed === undefined ? {} : { seed }),
    ...(requests === undefined ? {} : { requests }),
    ...(organizationId === undefined ? {} : { organizationId }),
    ...(document ? { document } : {}),
    ...(values.only ? { only: new RegExp(values.only) } : {}),
    ...(values['read-only'] ? { readOnly: true } : {}),
    onRequest: (index, total) => {
      if (!json && index % 250 === 0) io.out(`  ${index}/${total} requests\n`);
    },
  });
  io.out(json ? `${JSON.stringify(report, null, 2)}\n` : `${formatFuzzReport(report)}\n`);
  return report.ok ? 0 : 1;
};

const coverage = (args: string[], io: CliIo): number => {
  const { values } = parseArgs({
    args,
    options: {
      'pact-dir': { type: 'string' },
      provider: { type: 'string' },
      all: { type: 'boolean' },
      'fail-missing': { type: 'boolean' },
    },
  });
  const dir = values['pact-dir'] ?? 'pacts';
  const provider = values.provider ?? PROVIDER_NAME;
  const interactions = readPactInteractions(dir, { provider });
  if (!interactions.length) {
    const others = pactProviders(dir);
    io.err(
      `no pact for provider ${provider} in ${dir}${others.length ? ` (pacts there name ${others.join(', ')}: use --provider)` : ''}\n`,
    );
    return 2;
  }
  const result = pactCoverage(interactions);
  io.out(`${result.line}; ${result.usedLine}\n`);
  const inScope = values.all ? result.missing : result.missing.filter((m) => result.used.includes(m));
  for (const m of inScope) io.out(`  missing: ${m.endpoint} ${m.status} (${m.method} ${m.path})\n`);
  for (const u of result.unmatched) io.out(`  no endpoint of the model: ${u}\n`);
  return values['fail-missing'] && inScope.length ? 1 : 0;
};

const publish = async (args: string[], io: CliIo): Promise<number> => {
  const { values } = parseArgs({
    args,
    options: {
      'pact-dir': { type: 'string' },
      'consumer-version': { type: 'string' },
      branch: { type: 'string' },
    },
  });
  const brokerUrl = io.env.PACT_BROKER_BASE_URL;
  if (!brokerUrl) {
    io.out('PACT_BROKER_BASE_URL is not set: nothing published.\n');
    return 0;
  }
  const version = values['consumer-version'] ?? io.env.GIT_COMMIT;
  if (!version) {
    io.err('publish needs --consumer-version (or GIT_COMMIT)\n');
    return 2;
  }
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

const verify = async (args: string[], io: CliIo): Promise<number> => {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      'base-url': { type: 'string' },
      sandbox: { type: 'boolean' },
      'org-token': { type: 'string' },
      'customer-token': { type: 'string' },
      'broker-url': { type: 'string' },
      selector: { type: 'string', multiple: true },
      'provider-version': { type: 'string' },
      branch: { type: 'string' },
      provider: { type: 'string' },
    },
  });
  const brokerUrl = values['broker-url'] ?? io.env.PACT_BROKER_BASE_URL;
  if (!positionals.length && !brokerUrl) {
    io.err('verify needs pact files or folders, or --broker-url (or PACT_BROKER_BASE_URL)\n');
    return 2;
  }
  const selectors = (values.selector ?? []).map((json) => JSON.parse(json) as ConsumerVersionSelector);
  const tokens = {
    ...(values['org-token'] ? { organization: values['org-token'] } : {}),
    ...(values['customer-token'] ? { customer: values['customer-token'] } : {}),
  };
  const env = io.env;
  io.out(`Verifying ${values['base-url'] ?? 'a reference server started for this run'}\n`);
  const result = await verifyProvider({
    ...(positionals.length ? { pacts: positionals } : {}),
    ...(values['base-url'] ? { baseUrl: values['base-url'] } : { tokens }),
    ...(values.sandbox ? { sandbox: true } : {}),
    ...(brokerUrl
      ? {
          broker: {
            url: brokerUrl,
            ...(env.PACT_BROKER_TOKEN ? { token: env.PACT_BROKER_TOKEN } : {}),
            ...(env.PACT_BROKER_USERNAME
              ? { username: env.PACT_BROKER_USERNAME, password: env.PACT_BROKER_PASSWORD ?? '' }
              : {}),
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

const checkPactCommand = async (args: string[], io: CliIo): Promise<number> => {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      openapi: { type: 'string' },
      'require-all-properties': { type: 'boolean' },
      json: { type: 'boolean' },
    },
  });
  if (positionals.length !== 1) {
    io.err('check-pact needs one pact file: contracts check-pact PACT [--openapi FILE]\n');
    return 2;
  }
  const check = await checkPact(positionals[0]!, {
    ...(values.openapi ? { openapi: values.openapi } : {}),
    ...(values['require-all-properties'] ? { requireAllProperties: true } : {}),
  });
  io.out(values.json ? `${JSON.stringify(check, null, 2)}\n` : `${formatPactCheck(check)}\n`);
  return check.errors.length ? 1 : 0;
};

/** The CLI without process globals: returns the exit status. */
export const main = async (argv: string[], io: CliIo): Promise<number> => {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'conform':
        return await conform(rest, io);
      case 'fuzz':
        return await fuzzCommand(rest, io);
      case 'verify':
        return await verify(rest, io);
      case 'check-pact':
        return await checkPactCommand(rest, io);
      case 'coverage':
        return coverage(rest, io);
      case 'publish':
        return await publish(rest, io);
      case undefined:
      case '--help':
      case '-h':
      case 'help':
        io.out(`${HELP}\n`);
        return command === undefined ? 2 : 0;
      default:
        io.err(`unknown command ${command}\n\n${HELP}\n`);
        return 2;
    }
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
};
