import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from './cli/main.js';
import { endpointOfRequest, pactCoverage, readPactInteractions } from './coverage.js';
import { PROVIDER_NAME } from './provider/provider-name.js';

describe('endpointOfRequest', () => {
  it('prefers literal paths over templates', () => {
    expect(endpointOfRequest('GET', '/api/um/v3/conversations/all/')).toBe('listAllConversations');
    expect(endpointOfRequest('GET', '/api/um/v3/conversations/12/')).toBe('getConversation');
    expect(endpointOfRequest('PATCH', '/api/um/v3/operators/12/away/')).toBe('setOperatorAway');
    expect(endpointOfRequest('GET', '/api/um/v1/analytics/um_conversation_rating/')).toBe(
      'analytics_um_conversation_rating',
    );
    expect(endpointOfRequest('GET', '/api/um/analytics/um_nope/')).toBe('analyticsLatest');
    expect(endpointOfRequest('POST', '/api/um/v3/conversations/')).toBeUndefined();
  });

  it('matches by path template whatever the ids, query strings, trailing slash or gateway prefix', () => {
    expect(endpointOfRequest('GET', '/api/um/v3/conversations/31337/?include=messages')).toBe(
      'getConversation',
    );
    expect(endpointOfRequest('get', '/api/um/v3/contact_identities')).toBe('listContacts');
    expect(endpointOfRequest('GET', '/messaging/api/um/v3/notes/5/')).toBe('getNote');
    expect(endpointOfRequest('GET', '/messaging/api/um/v3/conversations/all/')).toBe('listAllConversations');
  });
});

/** A consumer project's pacts as PactV4 writes them: its own states, ids and query strings. */
const consumerPacts = () => {
  const dir = mkdtempSync(join(tmpdir(), 'consumer-pacts-'));
  const http = (method: string, path: string, status: number, query?: Record<string, string[]>) => ({
    type: 'Synchronous/HTTP',
    description: `${method} ${path} ${status}`,
    providerStates: [{ name: 'crm-sync has a few customers', params: { n: 3 } }],
    request: { method, path, ...(query ? { query } : {}), headers: { Authorization: ['t'] } },
    response: { status, body: { content: {} } },
  });
  writeFileSync(
    join(dir, 'crm-sync-customer-messaging-api.json'),
    JSON.stringify({
      consumer: { name: 'crm-sync' },
      provider: { name: PROVIDER_NAME },
      interactions: [
        http('GET', '/api/um/v3/contact_identities/', 200, { verified: ['true'], limit: ['100'] }),
        http('GET', '/api/um/v3/contact_identities/4242/', 200),
        http('GET', '/api/um/v3/contact_identities/999/', 404),
        http('GET', '/api/um/v3/conversations/77', 200),
      ],
      metadata: { pactSpecification: { version: '4.0' } },
    }),
  );
  writeFileSync(
    join(dir, 'crm-sync-billing-api.json'),
    JSON.stringify({
      consumer: { name: 'crm-sync' },
      provider: { name: 'billing-api' },
      interactions: [http('GET', '/invoices/', 200)],
    }),
  );
  return dir;
};

describe('pactCoverage', () => {
  it('counts documented pairs, covered ones and strays', () => {
    const coverage = pactCoverage([
      { request: { method: 'GET', path: '/api/um/v3/notes/88/' }, response: { status: 200 } },
      { request: { method: 'GET', path: '/api/um/v3/notes/88/' }, response: { status: 404 } },
      { request: { method: 'GET', path: '/api/um/v3/notes/88/' }, response: { status: 200 } },
      { description: 'stray', request: { method: 'GET', path: '/nowhere' }, response: { status: 200 } },
    ]);
    expect(coverage.covered.map((c) => `${c.endpoint} ${c.status}`)).toEqual(['getNote 200', 'getNote 404']);
    expect(coverage.unmatched).toEqual(['stray']);
    expect(coverage.line).toMatch(
      /^Pact coverage: 2\/\d+ endpoint x status pairs \(\d+\.\d%\), 1\/\d+ endpoints$/,
    );
  });
});

describe('coverage of a consumer project', () => {
  it("counts the project's pacts for this provider and scopes the missing pairs to the endpoints used", async () => {
    const dir = consumerPacts();
    const interactions = readPactInteractions(dir);
    expect(interactions).toHaveLength(4);
    const coverage = pactCoverage(interactions);
    expect(coverage.covered.map((c) => `${c.endpoint} ${c.status}`).sort()).toEqual([
      'getContact 200',
      'getContact 404',
      'getConversation 200',
      'listContacts 200',
    ]);
    expect(coverage.unmatched).toEqual([]);
    expect(new Set(coverage.used.map((u) => u.endpoint))).toEqual(
      new Set(['getContact', 'getConversation', 'listContacts']),
    );
    expect(coverage.usedLine).toMatch(/^of the 3 endpoints the pacts use: 4\/\d+ pairs/);

    const out: string[] = [];
    const io = { out: (t: string) => out.push(t), err: (t: string) => out.push(t), env: {} };
    expect(await main(['coverage', '--pact-dir', dir], io)).toBe(0);
    expect(out.join('')).toContain('Pact coverage: 4/');
    expect(out.join('')).toContain('missing: getContact 401');
    expect(out.join('')).not.toContain('missing: listNotes');
    expect(await main(['coverage', '--pact-dir', dir, '--fail-missing'], io)).toBe(1);
    out.length = 0;
    expect(await main(['coverage', '--pact-dir', dir, '--provider', 'org-api'], io)).toBe(2);
    expect(out.join('')).toMatch(/no pact for provider org-api .*billing-api, customer-messaging-api/);
  });
});
