import { describe, expect, it } from 'vitest';
import { type ClientWarning, createClient } from '../src/index.js';
import { fakeFetch, json } from './support/fake-fetch.js';
import { cursorList, offsetList } from './support/fake-pages.js';

const BASE = 'http://api.test';

describe('offset pages', () => {
  it('follows next links through every page', async () => {
    const api = fakeFetch(offsetList(45));
    const client = createClient({ baseUrl: BASE, fetch: api.fetch });
    const pages = client.pages('listConversations', { query: { limit: 20, status: 'ended' } });
    const sizes: number[] = [];
    for await (const page of pages) sizes.push(page.results.length);
    expect(sizes).toEqual([20, 20, 5]);
    expect(pages.state).toMatchObject({ pages: 3, items: 45, count: 45, capped: false, done: true });
    expect(api.requests.map((r) => r.url.searchParams.get('offset'))).toEqual([null, '20', '40']);
    expect(api.requests.every((r) => r.url.searchParams.get('status') === 'ended')).toBe(true);
  });

  it('stops at the 10,000 cap and says so (flag, callback and warning)', async () => {
    const warnings: ClientWarning[] = [];
    const api = fakeFetch(offsetList(25_000));
    const client = createClient({ baseUrl: BASE, fetch: api.fetch, onWarning: (w) => warnings.push(w) });
    const caps: unknown[] = [];
    const items = client.pages(
      'listContacts',
      { query: { limit: 100 } },
      { onCapReached: (info) => caps.push(info) },
    );
    const all = await items.toArray();
    expect(all).toHaveLength(10_000);
    expect(items.state).toMatchObject({ pages: 100, capped: true, count: 25_000 });
    expect(caps).toEqual([{ endpoint: 'listContacts', count: 25_000, reachable: 10_000, fetched: 10_000 }]);
    expect(warnings.map((w) => w.kind)).toEqual(['offset-cap']);
    expect(warnings[0]!.message).toMatch(/25000 items match but only the first 10000/);
  });

  it('does not follow a server that links past the cap', async () => {
    const api = fakeFetch(offsetList(12_000, 12_000));
    const client = createClient({ baseUrl: BASE, fetch: api.fetch });
    const pages = client.pages('listNotes', { query: { limit: 100, offset: 9_800 } });
    expect((await pages.toArray()).length).toBe(200);
    expect(pages.state.capped).toBe(true);
  });

  it('does not report a cap when everything was reachable', async () => {
    const client = createClient({ baseUrl: BASE, fetch: fakeFetch(offsetList(10_000)).fetch });
    const pages = client.pages('listOperators', { query: { limit: 100 } });
    expect(await pages.toArray()).toHaveLength(10_000);
    expect(pages.state.capped).toBe(false);
  });

  it('honours maxPages', async () => {
    const client = createClient({ baseUrl: BASE, fetch: fakeFetch(offsetList(100)).fetch });
    const pages = client.pages('listNavigationEvents', undefined, { maxPages: 2 });
    expect(await pages.toArray()).toHaveLength(20);
    expect(pages.state.done).toBe(false);
  });
});

describe('cursor pages', () => {
  it('follows the all endpoint to the end, past 10,000 items', async () => {
    const api = fakeFetch(cursorList(10_050));
    const client = createClient({ baseUrl: BASE, fetch: api.fetch });
    let n = 0;
    for await (const contact of client.items('listAllContacts', { query: { limit: 100 } }))
      n += contact.id > 0 ? 1 : 0;
    expect(n).toBe(10_050);
    expect(api.requests).toHaveLength(101);
  });

  it('walks the messages of a conversation (no count)', async () => {
    const api = fakeFetch(cursorList(250, false));
    const client = createClient({ baseUrl: BASE, fetch: api.fetch });
    const pages = client.pages('listMessages', { params: { id: 1042 }, query: { limit: 100 } });
    expect(await pages.toArray()).toHaveLength(250);
    expect(pages.state).toMatchObject({ pages: 3, count: undefined, capped: false });
    expect(api.requests[0]!.url.pathname).toBe('/api/um/v3/conversations/1042/messages/');
  });

  it('follows the analytics next link (D14)', async () => {
    let calls = 0;
    const api = fakeFetch(({ url }) =>
      json({
        results: [{ n: ++calls }],
        ...(url.searchParams.has('cursor') ? {} : { next: `${url.origin}${url.pathname}?cursor=abc` }),
      }),
    );
    const client = createClient({ baseUrl: BASE, fetch: api.fetch });
    const points = await client
      .pages('analytics_um_chat_messages_total', { query: { event_date: '2024-03-14' } })
      .toArray();
    expect(points).toHaveLength(2);
  });

  it('can rebase links onto the base URL and stops on a link loop', async () => {
    const warnings: ClientWarning[] = [];
    const api = fakeFetch(() =>
      json({
        count: 1,
        next: 'http://internal:8080/api/um/v3/contact_identities/all/?cursor=5',
        previous: null,
        results: [{}],
      }),
    );
    const client = createClient({ baseUrl: BASE, fetch: api.fetch, onWarning: (w) => warnings.push(w) });
    const pages = client.pages('listAllContacts', undefined, { rebaseLinks: true });
    expect(await pages.toArray()).toHaveLength(2);
    expect(api.requests.map((r) => r.url.href)).toEqual([
      `${BASE}/api/um/v3/contact_identities/all/`,
      `${BASE}/api/um/v3/contact_identities/all/?cursor=5`,
    ]);
    expect(warnings.map((w) => w.kind)).toEqual(['link-loop']);
  });
});
