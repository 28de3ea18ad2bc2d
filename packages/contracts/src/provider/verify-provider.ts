import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { combineNullableRulesInPact } from '../matchers/combine-nullable-rules.js';
import { PROVIDER_NAME } from './provider-name.js';
import { type ReferenceProvider, startReferenceProvider } from './reference-provider.js';
import type { ReferenceServerTokens } from './reference-servers.js';
import { assertStatesKnown, sandboxStateHandlers, sandboxStateNames } from './sandbox-states.js';
import type { StateHandler, StateSetup } from './state-handlers.js';

/** Which consumer versions' pacts to verify (the Pact Broker's selectors). */
export interface ConsumerVersionSelector {
  readonly mainBranch?: boolean;
  readonly branch?: string;
  readonly matchingBranch?: boolean;
  readonly deployedOrReleased?: boolean;
  readonly deployed?: boolean;
  readonly released?: boolean;
  readonly environment?: string;
  readonly tag?: string;
  readonly fallbackTag?: string;
  readonly latest?: boolean;
  readonly consumer?: string;
}

export interface BrokerSource {
  /** e.g. https://broker.example.com */
  readonly url: string;
  /** A bearer token, or `username` and `password`. */
  readonly token?: string;
  readonly username?: string;
  readonly password?: string;
  /** Default: `[{ mainBranch: true }, { deployedOrReleased: true }]`, as Pact recommends. */
  readonly consumerVersionSelectors?: readonly ConsumerVersionSelector[];
  /** Pending pacts do not fail the verification (Pact's work-in-progress flow). */
  readonly enablePending?: boolean;
  /** Also verify work-in-progress pacts published since this day (YYYY-MM-DD). */
  readonly includeWipPactsSince?: string;
}

export interface VerifyProviderOptions {
  /** Pact files, or folders of them (every `*.json` inside). */
  readonly pacts?: readonly string[];
  /** A Pact Broker to fetch the pacts for this provider from (instead of, or with, `pacts`). */
  readonly broker?: BrokerSource;
  /**
   * The provider under test, e.g. your own implementation of the API. Without it (and without
   * `provider`) the verification starts the reference server itself (`startReferenceProvider`;
   * `@org/reference-server`) and closes it at the end.
   */
  readonly baseUrl?: string;
  /** A reference provider you started (`startReferenceProvider()`), e.g. one per test file. */
  readonly provider?: ReferenceProvider;
  /**
   * State handlers by state name. With `baseUrl` these are yours (`defineStateHandlers` types them
   * by PROVIDER_STATES); with the reference server they are added to (and win over) its own, which
   * cover every state of PROVIDER_STATES.
   */
  readonly stateHandlers?: Readonly<Record<string, StateHandler>>;
  /**
   * With `baseUrl`: a reference server in sandbox mode. `POST /_sandbox/reset` runs before each
   * interaction, and its sandbox sets every provider state of the catalogue up
   * (`POST /_sandbox/provider-states`; `stateHandlers` add to them and win). A pact naming a state
   * outside the catalogue fails the verification before any interaction, naming it.
   */
  readonly sandbox?: boolean;
  /** The tokens the started reference server accepts: the ones your pacts carry. */
  readonly tokens?: ReferenceServerTokens;
  /** Default PROVIDER_NAME (`customer-messaging-api`): the name the pacts and the broker use. */
  readonly providerName?: string;
  /**
   * The provider version to publish the results under (e.g. the commit). With `broker`, results
   * are published when this is set (unless `publishResults: false`).
   */
  readonly providerVersion?: string;
  readonly providerVersionBranch?: string;
  /** Default: true when `broker` and `providerVersion` are set. */
  readonly publishResults?: boolean;
  /** Pact's log level (default `error`). */
  readonly logLevel?: 'trace' | 'debug' | 'info' | 'warn' | 'error';
}

export interface VerifyProviderResult {
  /** The provider base URL the pacts were replayed against. */
  readonly baseUrl: string;
  /** The pact files verified (none when they came from a broker only). */
  readonly pactFiles: string[];
  /** Whether the results were published to the broker. */
  readonly published: boolean;
  /** The verifier's result as it returns it (a JSON summary; the readable report goes to stdout). */
  readonly output: string;
}

const providerOf = (file: string): string | undefined => {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { provider?: { name?: string } }).provider?.name;
  } catch {
    return undefined;
  }
};

/**
 * The pact files named by files and folders: a file as given, a folder's `*.json` pacts of
 * `provider` (a consumer's folder may hold pacts with other providers too).
 */
export function pactFilesIn(sources: readonly string[], provider: string = PROVIDER_NAME): string[] {
  return sources.flatMap((source) => {
    if (!existsSync(source)) throw new Error(`no pact file or folder ${source}`);
    if (!statSync(source).isDirectory()) return [source];
    const files = readdirSync(source)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => join(source, f));
    const mine = files.filter((f) => providerOf(f) === provider);
    if (!mine.length)
      throw new Error(
        `no pact with provider ${provider} in ${source} (found: ${[...new Set(files.map(providerOf))].join(', ') || 'none'})`,
      );
    return mine;
  });
}

/**
 * Copies of the pact files with their nullable rule lists combined with OR: pacts written by
 * `pactMatchersFor` with `nullable: 'or'` before `combineNullableRules` ran verify all the same.
 */
const preparedPacts = (files: readonly string[], dir: string): string[] =>
  files.map((file, i) => {
    const copy = join(dir, `${i}-${basename(file)}`);
    writeFileSync(copy, JSON.stringify(combineNullableRulesInPact(JSON.parse(readFileSync(file, 'utf8')))));
    return copy;
  });

const brokerOptions = (options: VerifyProviderOptions) => {
  const { broker } = options;
  if (!broker) return {};
  const publish = options.publishResults ?? options.providerVersion !== undefined;
  if (publish && !options.providerVersion)
    throw new Error('publishing verification results needs providerVersion');
  return {
    pactBrokerUrl: broker.url,
    consumerVersionSelectors: [
      ...(broker.consumerVersionSelectors ?? [{ mainBranch: true }, { deployedOrReleased: true }]),
    ],
    ...(broker.token ? { pactBrokerToken: broker.token } : {}),
    ...(broker.username
      ? { pactBrokerUsername: broker.username, pactBrokerPassword: broker.password ?? '' }
      : {}),
    ...(broker.enablePending ? { enablePending: true } : {}),
    ...(broker.includeWipPactsSince ? { includeWipPactsSince: broker.includeWipPactsSince } : {}),
    ...(publish ? { publishVerificationResult: true } : {}),
    ...(options.providerVersion ? { providerVersion: options.providerVersion } : {}),
    ...(options.providerVersionBranch ? { providerVersionBranch: options.providerVersionBranch } : {}),
  };
};

/** `@pact-foundation/pact`, an optional peer dependency: loaded when a verification runs. */
const loadPact = async (): Promise<typeof import('@pact-foundation/pact')> => {
  try {
    return await import('@pact-foundation/pact');
  } catch (error) {
    throw new Error(
      `verifyProvider needs @pact-foundation/pact: npm install --save-dev @pact-foundation/pact (${(error as Error).message})`,
    );
  }
};

/**
 * A handler as Pact's verifier calls it. What a setup returns as an object (e.g. the sandbox's
 * `{ id: 1042 }`) goes back to the verifier, which injects it where the pact says
 * `fromProviderState` (Pact V4).
 */
const asPactHandler =
  (setup: StateSetup) =>
  async (params?: unknown): Promise<Record<string, unknown> | undefined> => {
    const values = await setup((params ?? {}) as Record<string, unknown>);
    return values !== null && typeof values === 'object' && !Array.isArray(values)
      ? (values as Record<string, unknown>)
      : undefined;
  };

const sandboxReset = (baseUrl: string) => {
  const url = new URL('/_sandbox/reset', baseUrl);
  return async () => {
    const response = await fetch(url, { method: 'POST' });
    if (response.status !== 204)
      throw new Error(`POST ${url} answered ${response.status}: is the server in sandbox mode?`);
  };
};

/**
 * Verifies pacts against a provider with the Pact verifier: every interaction is replayed after its
 * provider states are set up; rejects with the verifier's report on any mismatch.
 *
 * - `baseUrl`: your provider, with your `stateHandlers` (and the sandbox reset when `sandbox`).
 * - otherwise the reference server (`provider`, or one started here for this call): every state of
 *   PROVIDER_STATES is set up with its fixtures, and the sandbox is reset before each interaction.
 *
 * Pacts come from files and folders (`pacts`) and/or a Pact Broker (`broker`); with a broker and a
 * `providerVersion`, the results are published there.
 */
export async function verifyProvider(options: VerifyProviderOptions): Promise<VerifyProviderResult> {
  if (!options.pacts?.length && !options.broker) throw new Error('verifyProvider needs pacts or a broker');
  const broker = brokerOptions(options);
  const pactFiles = pactFilesIn(options.pacts ?? [], options.providerName ?? PROVIDER_NAME);
  const { Verifier } = await loadPact();
  const dir = mkdtempSync(join(tmpdir(), 'org-verify-'));
  const started =
    options.baseUrl || options.provider
      ? undefined
      : await startReferenceProvider({
          ...(options.tokens ? { tokens: options.tokens } : {}),
        }).catch((error: unknown) => {
          rmSync(dir, { recursive: true, force: true });
          throw error;
        });
  try {
    const pactUrls = preparedPacts(pactFiles, dir);
    const reference = options.provider ?? started;
    const baseUrl = reference?.url ?? options.baseUrl!;
    // A sandbox given by URL sets the catalogue's states up itself, as the reference server does.
    const sandboxHandlers =
      !reference && options.sandbox
        ? sandboxStateHandlers(baseUrl, await sandboxStateNames(baseUrl))
        : undefined;
    const provided = reference?.stateHandlers ?? sandboxHandlers;
    const all = { ...provided, ...options.stateHandlers };
    // With the catalogue's implementation, a state nobody sets up fails at once, naming it.
    if (provided) assertStatesKnown(pactFiles, Object.keys(all));
    const handlers = Object.fromEntries(
      Object.entries(all).map(([name, handler]) => [
        name,
        typeof handler === 'function'
          ? { setup: asPactHandler(handler) }
          : {
              ...(handler.setup ? { setup: asPactHandler(handler.setup) } : {}),
              ...(handler.teardown ? { teardown: asPactHandler(handler.teardown) } : {}),
            },
      ]),
    );
    const beforeEach = reference ? reference.reset : options.sandbox ? sandboxReset(baseUrl) : undefined;
    const output = await new Verifier({
      provider: options.providerName ?? PROVIDER_NAME,
      providerBaseUrl: baseUrl,
      logLevel: options.logLevel ?? 'error',
      stateHandlers: handlers as NonNullable<ConstructorParameters<typeof Verifier>[0]['stateHandlers']>,
      ...(beforeEach ? { beforeEach } : {}),
      ...(pactUrls.length ? { pactUrls } : {}),
      ...broker,
    }).verifyProvider();
    return {
      baseUrl,
      pactFiles,
      published: 'publishVerificationResult' in broker,
      output: String(output ?? ''),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await started?.close();
  }
}
