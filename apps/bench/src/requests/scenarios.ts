import { ANALYTICS_METRIC_NAMES, CONVERSATION_ORDERINGS, LIMITS } from '@org/model';
import type { ServerProcess } from '../starts/server-process.js';
import type { BenchRequest } from './load-generator.js';
import type { BenchWorldOptions } from './world.js';

export type ScenarioId =
  | 'list'
  | 'get'
  | 'search'
  | 'search-conversations'
  | 'messages'
  | 'analytics'
  | 'analytics-1'
  | 'analytics-page'
  | 'patch'
  | 'patch-noop'
  | 'note'
  | 'upsert'
  | 'list-first'
  | 'list-offset'
  | 'list-cursor';

export interface Scenario {
  id: ScenarioId;
  label: string;
  /** Concurrent connections autocannon keeps open. */
  connections: number;
  requests: BenchRequest[];
}

/** Deterministic PRNG (mulberry32): the same world gives the same URL lists on every run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pickFrom =
  (random: () => number) =>
  <T>(items: readonly T[]): T =>
    items[Math.floor(random() * items.length)]!;

const V3 = '/api/um/v3';
export const CONNECTIONS = 16;

const query = (params: Record<string, string | number | undefined>) => {
  const entries = Object.entries(params).filter(([, v]) => v !== undefined) as [string, string | number][];
  return entries.length
    ? `?${entries.map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join('&')}`
    : '';
};

const pathOf = (absolute: string) => {
  const url = new URL(absolute);
  return `${url.pathname}${url.search}`;
};

/** YYYY-MM-DD of `iso` minus `days` days. */
const dateMinusDays = (iso: string, days: number) =>
  new Date(Date.parse(iso) - days * 86_400_000).toISOString().slice(0, 10);

export interface Sample {
  organizationId: number;
  conversationIds: number[];
  contacts: Array<{ name: string | null; city: string | null }>;
  operatorIds: number[];
  widgetIds: number[];
  topicIds: number[];
  /** Two topic texts of the organization: the changing PATCH alternates between them. */
  topicTexts: string[];
  /** Contacts with an email: the notes' contacts and the upserts' identifiers. */
  writeContacts: Array<{ id: number; email: string }>;
  statuses: string[];
  /** Conversation ids at 85, 90 and 95 % of the organization's, by id: cursors deep in the list. */
  deepCursorIds: number[];
  /** The organization's conversations: how deep its list goes. */
  conversationCount: number;
}

/** Ids and words of the seeded world, through the server's own connection (PGlite has only one). */
const sampleWorld = async (server: ServerProcess): Promise<Sample> => {
  const organizationId = server.ready.world.organizations[0]!.id;
  const ids = (rows: Array<{ id: number }>) => rows.map((r) => Number(r.id));
  const q = <T>(sql: string) => server.query<T>(sql, [organizationId]);
  return {
    organizationId,
    conversationIds: ids(
      await q(`SELECT id FROM conversations WHERE organization_id = $1 ORDER BY md5(id::text) LIMIT 400`),
    ),
    contacts: await q(
      `SELECT name, city FROM contact_identities
       WHERE organization_id = $1 AND (name IS NOT NULL OR city IS NOT NULL) ORDER BY md5(id::text) LIMIT 150`,
    ),
    operatorIds: ids(await q(`SELECT id FROM operators WHERE organization_id = $1 ORDER BY id`)),
    widgetIds: ids(await q(`SELECT id FROM um_widgets WHERE organization_id = $1 ORDER BY id`)),
    topicIds: ids(await q(`SELECT id FROM topics WHERE organization_id = $1 ORDER BY id`)),
    topicTexts: (
      await q<{ text: string }>(`SELECT text FROM topics WHERE organization_id = $1 ORDER BY id LIMIT 2`)
    ).map((r) => r.text),
    writeContacts: (
      await q<{ id: number; email: string }>(
        `SELECT id, email FROM contact_identities WHERE organization_id = $1 AND email IS NOT NULL
          ORDER BY md5(id::text || 'write') LIMIT ${WRITE_TARGETS}`,
      )
    ).map((r) => ({ id: Number(r.id), email: r.email })),
    deepCursorIds: ids(
      await q(
        `SELECT id FROM (SELECT id, row_number() OVER (ORDER BY id) AS n, count(*) OVER () AS total
                           FROM conversations WHERE organization_id = $1) x
          WHERE n IN (ceil(total * 0.85), ceil(total * 0.9), ceil(total * 0.95)) ORDER BY id`,
      ),
    ),
    conversationCount: Number(
      (await q<{ n: number }>(`SELECT count(*)::int AS n FROM conversations WHERE organization_id = $1`))[0]!
        .n,
    ),
    statuses: (
      await q<{ status: string }>(
        `SELECT DISTINCT status FROM conversations WHERE organization_id = $1 ORDER BY 1`,
      )
    ).map((r) => r.status),
  };
};

const get = (path: string): BenchRequest => ({ method: 'GET', path });

/**
 * How many records each write scenario spreads its requests over (issue #26: 51 conversations).
 * The load generator walks the list with one counter shared by all connections, so a record's
 * next request comes WRITE_TARGETS requests later: with 16 connections, never two at once.
 */
export const WRITE_TARGETS = 51;

/** A 100-item conversation page, spread over orderings, filters and offsets (mostly early pages). */
export function listRequests(s: Sample, count = 300): BenchRequest[] {
  const random = prng(101);
  const pick = pickFrom(random);
  const filters: Array<() => Record<string, string | number>> = [
    () => ({}),
    () => ({}),
    () => ({}),
    () => ({ status: pick(s.statuses) }),
    () => ({ status: 'ended' }),
    () => ({ operator_id: pick(s.operatorIds) }),
    () => ({ um_widget_id: pick(s.widgetIds) }),
    ...(s.topicIds.length ? [() => ({ topics: pick(s.topicIds) })] : []),
  ];
  const offsets = [0, 0, 0, 100, 200, 300, 500, 1000, 2000, 5000];
  const seen = new Set<string>();
  const out: BenchRequest[] = [];
  for (let i = 0; out.length < count && i < count * 20; i++) {
    const path = `${V3}/conversations/${query({
      limit: LIMITS.offsetPage.maxLimit,
      offset: pick(offsets) || undefined,
      ordering: pick(CONVERSATION_ORDERINGS),
      ...pick(filters)(),
    })}`;
    if (!seen.has(path)) {
      seen.add(path);
      out.push(get(path));
    }
  }
  return out;
}

/** The first 100-item page in every ordering (issue #26's "first" list row). */
export function firstPageRequests(): BenchRequest[] {
  return CONVERSATION_ORDERINGS.map((ordering) =>
    get(`${V3}/conversations/${query({ limit: LIMITS.offsetPage.maxLimit, ordering })}`),
  );
}

/**
 * The deepest full page an offset reaches in every ordering, exact count included: offset 9,900, the
 * last one an offset reaches (D6), on a list of 10,000 conversations or more; on a shorter list (the
 * demo world's), its last full page. An empty page past the end would set a page of nothing beside a
 * page of 100 records in the size comparison (D78).
 */
export function deepOffsetRequests(s: Sample): BenchRequest[] {
  return CONVERSATION_ORDERINGS.map((ordering) =>
    get(
      `${V3}/conversations/${query({
        limit: LIMITS.offsetPage.maxLimit,
        offset: deepestFullOffset(s.conversationCount),
        ordering,
      })}`,
    ),
  );
}

/** The offset of the deepest full page an offset reaches in a list of `count` items. */
export function deepestFullOffset(count: number): number {
  return Math.max(0, Math.min(LIMITS.offsetPage.maxReachable, count) - LIMITS.offsetPage.maxLimit);
}

/** A 100-item cursor page of all conversations, from cursors deep in the list (85-95 % of it). */
export function deepCursorRequests(s: Sample): BenchRequest[] {
  return s.deepCursorIds.map((cursor) =>
    get(`${V3}/conversations/all/${query({ cursor, limit: LIMITS.offsetPage.maxLimit })}`),
  );
}

export function getRequests(s: Sample, count = 300): BenchRequest[] {
  return s.conversationIds.slice(0, count).map((id) => get(`${V3}/conversations/${id}/`));
}

/**
 * search_query over the organization's contacts (or conversations, whose vectors hold their
 * contact's name, email and address): names, cities, prefixes, two-keyword ORs.
 */
export function searchRequests(s: Sample, resource = 'contact_identities'): BenchRequest[] {
  const words = (text: string | null) => (text ?? '').split(/\s+/).filter((w) => /^\p{L}{3,}$/u.test(w));
  const seen = new Set<string>();
  const out: BenchRequest[] = [];
  s.contacts.forEach((c, i) => {
    const name = words(c.name);
    const city = words(c.city);
    const last = name[name.length - 1];
    const candidates = [
      last,
      name[0],
      city[0],
      name[0] && city[0] ? `${name[0]} ${city[0]}` : undefined,
      last && last.length > 4 ? last.slice(0, 4) : undefined,
    ].filter((k): k is string => !!k);
    const keywords = candidates[i % candidates.length];
    if (!keywords) return;
    const path = `${V3}/${resource}/${query({ search_query: keywords.toLowerCase() })}`;
    if (!seen.has(path)) {
      seen.add(path);
      out.push(get(path));
    }
  });
  return out;
}

/** The first cursor page (limit 5) of a conversation's messages and the page its `next` names. */
export async function messageRequests(
  baseUrl: string,
  headers: Record<string, string>,
  s: Sample,
  conversations = 150,
): Promise<BenchRequest[]> {
  const out: BenchRequest[] = [];
  for (const id of s.conversationIds.slice(0, conversations)) {
    const first = `${V3}/conversations/${id}/messages/?limit=5`;
    out.push(get(first));
    const res = await fetch(`${baseUrl}${first}`, { headers, signal: AbortSignal.timeout(60_000) });
    const body = (await res.json()) as { next?: string | null };
    if (body.next) out.push(get(pathOf(body.next)));
  }
  return out;
}

/**
 * The page size of the analytics row that issue #26's size comparison sets side by side (`limit`,
 * D14): the v3 lists' largest page. The demo world's 93 days hold 56 to 341 points per metric, the
 * large world's up to the 10,000 of a whole page, so whole pages compare answers of different sizes.
 */
export const ANALYTICS_COMPARED_PAGE = LIMITS.cursorPage.maxLimit;

/** 93-day analytics queries (the longest range allowed): every metric, without and with a filter. */
export function analyticsRequests(
  s: Sample,
  world: BenchWorldOptions,
  page: { limit?: number } = {},
): BenchRequest[] {
  const to = world.now.slice(0, 10);
  const from = dateMinusDays(world.now, LIMITS.analyticsMaxRangeDays - 1);
  const random = prng(303);
  const pick = pickFrom(random);
  const filters: Array<() => Record<string, string | number>> = [
    () => ({ operator_id: pick(s.operatorIds) }),
    () => ({ um_widget_id: pick(s.widgetIds) }),
    () => ({ operator_mode: 'human' }),
  ];
  const out: BenchRequest[] = [];
  // Each metric unfiltered (up to 10,000 points per response, D14) and with one filter.
  for (const [i, metric] of ANALYTICS_METRIC_NAMES.entries())
    for (const filter of [() => ({}), filters[i % filters.length]!])
      out.push(
        get(
          `/api/um/v1/analytics/${metric}/${query({
            event_date_from: from,
            event_date_to: to,
            ...filter(),
            ...page,
          })}`,
        ),
      );
  return out;
}

/**
 * PATCH of a conversation's topics that changes them on every request (issue #26): each of
 * WRITE_TARGETS conversations is set to the organization's first topic, then (a pass later) to its
 * second, and so on, so every request replaces one topic with another.
 */
export function topicChangeRequests(s: Sample): BenchRequest[] {
  const [first, second] = s.topicTexts;
  if (!first || !second) return [];
  const ids = s.conversationIds.slice(-WRITE_TARGETS);
  return [first, second].flatMap((text) =>
    ids.map((id) => ({
      method: 'PATCH',
      path: `${V3}/conversations/${id}/`,
      body: JSON.stringify({ topics: [text] }),
    })),
  );
}

/** POST of a note on one of WRITE_TARGETS contacts (the bench deletes its notes after the row). */
export function noteRequests(s: Sample): BenchRequest[] {
  return s.writeContacts.map((c, i) => ({
    method: 'POST',
    path: `${V3}/notes/`,
    body: JSON.stringify({
      contact_identity_id: c.id,
      body: `${BENCH_NOTE_PREFIX} ${i}: called back about the invoice`,
    }),
  }));
}

/** Every note the bench writes starts so; removed after the note row (the world stays as seeded). */
export const BENCH_NOTE_PREFIX = 'Bench note';

/**
 * PUT of a contact by email, as the documented example (email and city), that changes the city on
 * every request: each of WRITE_TARGETS contacts alternates between two cities, as a CRM sync moving
 * contacts would (the city is searched, so the contact's and its conversations' search text change).
 */
export function upsertRequests(s: Sample): BenchRequest[] {
  return ['Berlin', 'Hamburg'].flatMap((city) =>
    s.writeContacts.map((c) => ({
      method: 'PUT',
      path: `${V3}/contact_identities/${query({ identifier: 'email' })}`,
      body: JSON.stringify({ email: c.email, city }),
    })),
  );
}

/** PATCH of a conversation's topics, each set to what it already is: a write that changes nothing. */
export async function patchRequests(
  baseUrl: string,
  headers: Record<string, string>,
  s: Sample,
  count = 100,
): Promise<BenchRequest[]> {
  const out: BenchRequest[] = [];
  for (const id of s.conversationIds.slice(-count)) {
    const path = `${V3}/conversations/${id}/`;
    const res = await fetch(`${baseUrl}${path}`, { headers, signal: AbortSignal.timeout(60_000) });
    const body = (await res.json()) as { topics?: Array<{ text: string }> };
    out.push({
      method: 'PATCH',
      path,
      body: JSON.stringify({ topics: (body.topics ?? []).map((t) => t.text) }),
    });
  }
  return out;
}

export const SCENARIO_LABELS: Record<ScenarioId, string> = {
  list: 'Conversation list, 100 per page',
  get: 'Single conversation with parts',
  search: 'Contacts search_query',
  'search-conversations': 'Conversations search_query',
  messages: 'Messages cursor page',
  analytics: 'Analytics, 93 days',
  'analytics-1': 'Analytics, 93 days, 1 client',
  'analytics-page': `Analytics, 93 days, ${ANALYTICS_COMPARED_PAGE} points per page`,
  patch: 'PATCH conversation topics (changes them)',
  'patch-noop': 'PATCH conversation topics, no change',
  note: 'POST note',
  upsert: 'PUT contact upsert (changes city)',
  'list-first': 'Conversation list, first page',
  'list-offset': `Conversation list, offset ${(LIMITS.offsetPage.maxReachable - LIMITS.offsetPage.maxLimit).toLocaleString('en-US')} (a shorter list: its last full page)`,
  'list-cursor': 'Conversation cursor page, deep in the list',
};

/** The rows issue #26 sets side by side at the demo and the large size. */
export const SIZE_COMPARED: readonly ScenarioId[] = [
  'get',
  'list-first',
  'list-offset',
  'list-cursor',
  'search',
  'search-conversations',
  'messages',
  'analytics-page',
  'patch',
];

/**
 * Rows shown beside them without a goal: whole 93-day analytics pages hold up to 10,000 points on
 * the large world and a few hundred on the demo one, so their ratio measures the answers' bytes.
 */
export const SIZE_SHOWN: readonly ScenarioId[] = ['analytics'];

/** The scenarios that write (their SQL statements per request are the write's cost). */
export const WRITE_SCENARIOS: ReadonlySet<ScenarioId> = new Set(['patch', 'patch-noop', 'note', 'upsert']);

/** Every server scenario's request list for the running server's world. */
export async function buildScenarios(
  server: ServerProcess,
  world: BenchWorldOptions,
  headers: Record<string, string>,
  only?: ReadonlySet<ScenarioId>,
): Promise<Scenario[]> {
  const s = await sampleWorld(server);
  const want = (id: ScenarioId) => !only || only.has(id);
  const scenario = (id: ScenarioId, requests: BenchRequest[], connections = CONNECTIONS): Scenario => ({
    id,
    label: SCENARIO_LABELS[id],
    connections,
    requests,
  });
  const out: Scenario[] = [];
  if (want('list')) out.push(scenario('list', listRequests(s)));
  if (want('list-first')) out.push(scenario('list-first', firstPageRequests()));
  if (want('list-offset')) out.push(scenario('list-offset', deepOffsetRequests(s)));
  if (want('list-cursor') && s.deepCursorIds.length) out.push(scenario('list-cursor', deepCursorRequests(s)));
  if (want('get')) out.push(scenario('get', getRequests(s)));
  if (want('search')) out.push(scenario('search', searchRequests(s)));
  if (want('search-conversations'))
    out.push(scenario('search-conversations', searchRequests(s, 'conversations')));
  if (want('messages')) out.push(scenario('messages', await messageRequests(server.url, headers, s)));
  const analytics = analyticsRequests(s, world);
  if (want('analytics')) out.push(scenario('analytics', analytics));
  if (want('analytics-1')) out.push(scenario('analytics-1', analytics, 1));
  if (want('analytics-page'))
    out.push(scenario('analytics-page', analyticsRequests(s, world, { limit: ANALYTICS_COMPARED_PAGE })));
  if (want('patch')) out.push(scenario('patch', topicChangeRequests(s)));
  if (want('patch-noop')) out.push(scenario('patch-noop', await patchRequests(server.url, headers, s)));
  if (want('note')) out.push(scenario('note', noteRequests(s)));
  if (want('upsert')) out.push(scenario('upsert', upsertRequests(s)));
  return out;
}
