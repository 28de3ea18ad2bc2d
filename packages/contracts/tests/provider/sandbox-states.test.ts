import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { PROVIDER_NAME } from '../../src/provider/provider-name.js';
import { verifyProvider } from '../../src/provider/verify-provider.js';
import { providerState } from '../../src/provider-states.js';
import { withUnrecordedMatchRetry } from '../../src/unrecorded-match.js';

/**
 * Another team's pact, with the general states of the catalogue, verified against the reference
 * server started from its bin with `--sandbox`: its sandbox sets every state up
 * (`POST /_sandbox/provider-states`), and the values a state returns are injected (Pact V4
 * `fromProviderState`).
 */
const TOKEN = 'demo-org-token';
const dir = mkdtempSync(join(tmpdir(), 'team-pacts-'));
let server: ChildProcess | undefined;
let baseUrl = '';

/** Starts `reference-server --sandbox` from the package's bin on a free port; its URL. */
const startBin = async (): Promise<string> => {
  const bin = createRequire(import.meta.url)
    .resolve('@org/reference-server/package.json')
    .replace(/package\.json$/, 'bin/reference-server.js');
  server = spawn(
    process.execPath,
    [bin, '--sandbox', '--memory', '--port', '0', '--json', '--rate-limits', 'off'],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  for await (const line of createInterface({ input: server.stdout! }))
    if (line.startsWith('{')) return (JSON.parse(line) as { url: string }).url;
  throw new Error('reference-server exited before it printed its URL');
};

beforeAll(async () => {
  const pact = new PactV4({ consumer: 'team-sync', provider: PROVIDER_NAME, dir, logLevel: 'error' });
  const get = (url: string, path: string) => fetch(`${url}${path}`, { headers: { Authorization: TOKEN } });
  // Each interaction is run again when Pact had not yet recorded the match of an answered request (D86).
  await withUnrecordedMatchRetry((answered) =>
    pact
      .addInteraction()
      .given(...providerState('a conversation exists', { id: 1042 }))
      .uponReceiving('a request for conversation 1042')
      .withRequest('GET', '/api/um/v3/conversations/1042/', (b) => b.headers({ Authorization: TOKEN }))
      .willRespondWith(200, (b) =>
        b.jsonBody({ id: MatchersV3.integer(1042), status: MatchersV3.string('new') }),
      )
      .executeTest(async (mock) => {
        expect((await get(mock.url, '/api/um/v3/conversations/1042/')).status).toBe(200);
        answered();
      }),
  );
  await withUnrecordedMatchRetry((answered) =>
    pact
      .addInteraction()
      .given(...providerState('a contact exists', { email: 'mira@example.org' }))
      .uponReceiving('a request for the contact the state created')
      .withRequest(
        'GET',
        MatchersV3.fromProviderState(
          '/api/um/v3/contact_identities/${id}/',
          '/api/um/v3/contact_identities/7/',
        ),
        (b) => b.headers({ Authorization: TOKEN }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({ id: MatchersV3.fromProviderState('${id}', 7), email: 'mira@example.org' }),
      )
      .executeTest(async (mock) => {
        expect((await get(mock.url, '/api/um/v3/contact_identities/7/')).status).toBe(200);
        answered();
      }),
  );
  baseUrl = await startBin();
}, 120_000);

afterAll(() => {
  server?.kill();
});

describe('provider states for any team, set up by the sandbox', () => {
  it('contracts verify --base-url … --sandbox verifies given("a conversation exists", { id: 1042 })', async () => {
    const out: string[] = [];
    const io = { out: (t: string) => out.push(t), err: (t: string) => out.push(t), env: {} };
    expect(await main(['verify', dir, '--base-url', baseUrl, '--sandbox'], io), out.join('')).toBe(0);
  }, 300_000);

  it('verifyProvider({ baseUrl, sandbox: true }) injects the values a state returns', async () => {
    const result = await verifyProvider({ pacts: [dir], baseUrl, sandbox: true });
    expect(result.baseUrl).toBe(baseUrl);
  }, 300_000);

  it('a state outside the catalogue fails the verification, naming it and listing the catalogue', async () => {
    const unknown = join(mkdtempSync(join(tmpdir(), 'team-unknown-')), 'pact.json');
    writeFileSync(
      unknown,
      JSON.stringify({
        consumer: { name: 'team-sync' },
        provider: { name: PROVIDER_NAME },
        interactions: [
          {
            type: 'Synchronous/HTTP',
            description: 'a request in a world with unicorns',
            providerStates: [{ name: 'a unicorn exists', params: {} }],
            request: { method: 'GET', path: '/api/um/v3/operators/', headers: { Authorization: [TOKEN] } },
            response: { status: 200 },
          },
        ],
        metadata: { pactSpecification: { version: '4.0' } },
      }),
    );
    const error = await verifyProvider({ pacts: [unknown], baseUrl, sandbox: true }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toContain('"a unicorn exists" (interaction "a request in a world with unicorns")');
    expect(error?.message).toContain('"a conversation exists"');
  });
});
