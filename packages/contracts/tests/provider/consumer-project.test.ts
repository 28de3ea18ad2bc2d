import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, isApiError } from '@org/client';
import { ContactIdentitySchema, contactIdentityExample, offsetPageSchemaOf } from '@org/model';
import { type RunningServer, startServer } from '@org/reference-server';
import { PactV4 } from '@pact-foundation/pact';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { errorBodySchemaFor } from '../../src/error-bodies.js';
import { pactMatchersFor } from '../../src/matchers/pact-matchers-for.js';
import { PROVIDER_NAME } from '../../src/provider/provider-name.js';
import { defineStateHandlers } from '../../src/provider/state-handlers.js';
import { verifyProvider } from '../../src/provider/verify-provider.js';
import { providerState } from '../../src/provider-states.js';
import { withUnrecordedMatchRetry } from '../../src/unrecorded-match.js';
import { freshConnectionFetch } from '../support/fresh-connection-fetch.js';

/**
 * What another team does with the published package, as docs/guides/contract-tests.md shows it:
 * a consumer pact written with the default matchers, its own token, organization number and a state
 * of its own, then verified with `contracts verify` (a reference server started for the run) and
 * with `verifyProvider` against a base URL, and checked against the published document.
 */
const TOKEN = 'demo-org-token';
const dir = mkdtempSync(join(tmpdir(), 'crm-sync-pacts-'));
const ContactWeUse = ContactIdentitySchema.pick({ id: true, email: true, name: true, country: true });
const { id, email, name } = contactIdentityExample;
const io = () => {
  const out: string[] = [];
  return { out, io: { out: (t: string) => out.push(t), err: (t: string) => out.push(t), env: {} } };
};

beforeAll(async () => {
  const pact = new PactV4({ consumer: 'crm-sync', provider: PROVIDER_NAME, dir, logLevel: 'error' });
  const client = (url: string) => createClient({ baseUrl: url, token: TOKEN, fetch: freshConnectionFetch });
  // Each interaction is run again when Pact had not yet recorded the match of an answered request (D86).
  await withUnrecordedMatchRetry((answered) =>
    pact
      .addInteraction()
      .given(...providerState('organization {org} has {count} contacts', { org: 1, count: 3 }))
      .uponReceiving('a request for verified contacts')
      .withRequest('GET', '/api/um/v3/contact_identities/', (b) =>
        b.query({ verified: 'true', limit: '100' }).headers({ Authorization: TOKEN }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          pactMatchersFor(
            offsetPageSchemaOf(ContactWeUse),
            { count: 1, next: null, previous: null, results: [{ id, email, name, country: null }] },
            { nonEmpty: ['results'] },
          ),
        ),
      )
      .executeTest(async (mock) => {
        const page = await client(mock.url).request('listContacts', {
          query: { verified: true, limit: 100 },
        });
        expect(page.results[0]?.email).toBe(email);
        answered();
      }),
  );
  await withUnrecordedMatchRetry((answered) =>
    pact
      .addInteraction()
      .given(...providerState('no {resource} with id {id} exists', { resource: 'contact', id: 4242 }))
      .uponReceiving('a request for a contact that is gone')
      .withRequest('GET', '/api/um/v3/contact_identities/4242/', (b) => b.headers({ Authorization: TOKEN }))
      .willRespondWith(404, (b) =>
        b.jsonBody(
          pactMatchersFor(errorBodySchemaFor('getContact', 404), { detail: 'Not found.', code: 'not_found' }),
        ),
      )
      .executeTest(async (mock) => {
        const error = await client(mock.url)
          .request('getContact', { params: { id: 4242 } })
          .catch((e: unknown) => e);
        expect(isApiError(error, 404)).toBe(true);
        answered();
      }),
  );
  expect(readdirSync(dir)).toEqual([`crm-sync-${PROVIDER_NAME}.json`]);
}, 60_000);

describe('a consumer project verifies its pacts with the published tools', () => {
  it('contracts verify: against a reference server it starts, every state set up', async () => {
    const { out, io: cli } = io();
    expect(await main(['verify', dir], cli), out.join('')).toBe(0);
    expect(out.join('')).toContain('verified');
  }, 300_000);

  it('contracts check-pact: against the published OpenAPI document', async () => {
    const { out, io: cli } = io();
    expect(await main(['check-pact', join(dir, `crm-sync-${PROVIDER_NAME}.json`)], cli), out.join('')).toBe(
      0,
    );
    expect(out.join('')).toContain('2 interactions: 0 errors');
  }, 60_000);

  describe('verifyProvider against a base URL with your own state handlers', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer({ memory: true, seed: false, sandbox: true, rateLimits: 'off' });
    }, 120_000);
    afterAll(() => server?.close());

    it('sets the states up with the handlers given and resets the sandbox between interactions', async () => {
      const org = server.world.organizations[0]!.id;
      const created: number[] = [];
      const stateHandlers = defineStateHandlers({
        'organization {org} has {count} contacts': async ({ count }) => {
          for (let i = 0; i < Number(count); i++)
            created.push((await server.fixtures.contact(org, { email_verified: true })).id);
        },
        'no {resource} with id {id} exists': () => {},
      });
      const result = await verifyProvider({
        pacts: [dir],
        baseUrl: server.url,
        sandbox: true,
        stateHandlers,
      });
      expect(result.baseUrl).toBe(server.url);
      expect(created).toHaveLength(3);
    }, 120_000);
  });
});
