import { createClient } from '@org/client';
import { ContactPageSchema, contactIdentityExample, endpoints } from '@org/model';
import { afterAll, describe, expect, it } from 'vitest';
import { pactMatchersFor } from '../../src/matchers/pact-matchers-for.js';
import { PROVIDER_STATES as S } from '../../src/provider-states.js';
import { ORG, TOKENS } from '../support/contract.js';
import { freshConnectionFetch } from '../support/fresh-connection-fetch.js';
import { PactParts } from '../support/pact-parts.js';

const parts = new PactParts();
const PATH = endpoints.listContacts.path;

/**
 * A `next` link that Pact's mock server rewrites to its own address (MockServerURL generator) and
 * that the provider must answer with an absolute URL ending in the same path and query.
 */
const linkTo = (query: string) => {
  const tail = `${PATH}?${query}`;
  return {
    'pact:matcher:type': 'regex',
    'pact:generator:type': 'MockServerURL',
    regex: `^https?://[^/]+(${tail.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')})$`,
    value: `http://localhost:8080${tail}`,
    example: `http://localhost:8080${tail}`,
  };
};

const page = (next: unknown, previous: string | null) => ({
  ...(pactMatchersFor(
    ContactPageSchema,
    { count: 3, next: null, previous, results: [contactIdentityExample] },
    { nonEmpty: ['results'] },
  ) as Record<string, unknown>),
  next,
});

describe('the page iterator follows the next links the provider sends', () => {
  it('listContacts: two pages of an offset list', async () => {
    const pact = parts.pact('pagination');
    const given = { org: ORG, count: 3 };
    const headers = { Authorization: TOKENS.organization };
    pact
      .addInteraction()
      .given(S.contacts, given)
      .uponReceiving('listContacts: 200 first page of two, with a next link')
      .withRequest('GET', PATH, (b) => b.query({ limit: '2' }).headers(headers))
      .willRespondWith(200, (b) => b.jsonBody(page(linkTo('limit=2&offset=2'), null)));
    await pact
      .addInteraction()
      .given(S.contacts, given)
      .uponReceiving('listContacts: 200 last page of two, without a next link')
      .withRequest('GET', PATH, (b) => b.query({ limit: '2', offset: '2' }).headers(headers))
      .willRespondWith(200, (b) => b.jsonBody(page(null, `http://localhost:8080${PATH}?limit=2&offset=0`)))
      .executeTest(async (mock) => {
        const client = createClient({
          baseUrl: mock.url,
          token: TOKENS.organization,
          fetch: freshConnectionFetch,
          retry: false,
          validateResponses: true,
        });
        const pages = client.pages('listContacts', { query: { limit: 2 } });
        const contacts = await pages.toArray();
        expect(contacts).toHaveLength(2);
        expect(pages.state).toMatchObject({ pages: 2, count: 3, done: true, capped: false });
      });
  });
});

afterAll(() => parts.merge());
