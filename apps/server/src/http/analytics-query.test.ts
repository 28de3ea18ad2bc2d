import type { AnalyticsMetric, ErrorBody } from '@org/model';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  foreignCustomer,
  insertStatusPoint as insertStatusPointRow,
  storedPoints,
} from '../store/test-support/test-states.js';
import {
  expectTimeAscending,
  key,
  metricEndpoint,
  type Point,
  type Query,
  readAll,
  useAnalyticsWorld,
  WINDOW,
} from '../test-support/analytics.js';
import { Api, linkQuery } from '../test-support/api.js';

/**
 * Analytics API v1 section 4 (filters alone and combined, id lists with + or %20, event_date and
 * the range bounds as dates or timestamps, one bound = that single day, the 93-day cap,
 * operator_mode), section 5 (organization and customer tokens), the unversioned path and unknown
 * metrics, the order (time, then id) with `next` past the page size, and the error bodies of bad
 * parameters, unknown ones included. The expected answer of a filter is computed from the
 * unfiltered data of the same world, so every filter is checked against the generated data. A
 * small page size makes most reads follow `next` links.
 */
const PAGE = 40;
const w = useAnalyticsWorld({ analyticsPageSize: PAGE });

/** Metrics whose points differ in every filtered key: sessions, conversations, operators, missed. */
const SAMPLE: AnalyticsMetric[] = [
  'um_conversation_part_category',
  'um_conversation_duration',
  'um_operator_status',
  'um_missed_opportunity',
];
const everything = new Map<AnalyticsMetric, Point[]>();
const all = (metric: AnalyticsMetric) => everything.get(metric)!;
let A: number;
let B: number;
let C: number;
let apiA: Api;
let apiB: Api;
let foreign: Api;
/** Operator (A's admin) that the fixture points of 2024 belong to. */
let admin: number;

/** A data point with an exact (microsecond) time, outside the world's window. */
const insertStatusPoint = (org: number, time: string, value: number, operatorId: number) =>
  insertStatusPointRow(w.server.db, org, time, value, operatorId);

beforeAll(async () => {
  [A, B, C] = w.orgIds as [number, number, number];
  apiA = w.orgApi.get(A)!;
  apiB = w.orgApi.get(B)!;
  admin = w.server.world.organizations[0]!.operators.admin;
  for (const metric of SAMPLE) everything.set(metric, await readAll(w.customer, metric));

  // Another customer with an organization and a customer token: none of the world's data is its.
  await foreignCustomer(w.server.db, 'analytics-foreign-customer');
  foreign = new Api(w.server.url, { token: 'analytics-foreign-customer' });

  // Exact bounds (2024-03-10), ties across a page boundary (2024-06-01), exactly one page (2024-07-01).
  for (const [i, time] of [
    '2024-03-09T23:59:59.999999Z',
    '2024-03-10T00:00:00.000000Z',
    '2024-03-10T11:59:59.999999Z',
    '2024-03-10T12:00:00.000000Z',
    '2024-03-10T12:00:00.999999Z',
    '2024-03-10T12:00:01.000000Z',
    '2024-03-10T23:59:59.999999Z',
    '2024-03-11T00:00:00.000000Z',
  ].entries())
    await insertStatusPoint(A, time, i + 1, admin);
  for (let i = 0; i < PAGE - 2; i++)
    await w.server.fixtures.dataPoint(A, 'um_operator_status', {
      time: `2024-06-01T09:00:${String(i).padStart(2, '0')}`,
      operator_id: admin,
      value: 100 + i,
      value_str: 'away',
    });
  for (let i = 1; i <= 7; i++)
    await w.server.fixtures.dataPoint(A, 'um_operator_status', {
      time: '2024-06-01T10:00:00',
      operator_id: admin,
      value: i,
      value_str: 'online',
    });
  for (let i = 0; i < PAGE; i++)
    await w.server.fixtures.dataPoint(A, 'um_operator_status', {
      time: `2024-07-01T08:${String(i).padStart(2, '0')}:00`,
      operator_id: admin,
      value: i,
      value_str: 'offline',
    });
  // Today (the default range) and yesterday, for the default of event_date.
  const now = Date.now();
  await insertStatusPoint(A, new Date(now).toISOString(), 42, admin);
  await insertStatusPoint(A, new Date(now - 86_400_000).toISOString(), 41, admin);
});

const read = (metric: AnalyticsMetric, query: Query, api: Api = w.customer) => readAll(api, metric, query);
const expectSubset = (metric: AnalyticsMetric, query: Query, keep: (p: Point) => boolean, api?: Api) =>
  read(metric, query, api).then((got) => {
    const expected = all(metric).filter(keep);
    expect(got, `${metric} ${JSON.stringify(query)}`).toEqual(expected);
    return got;
  });

describe('token scopes (section 5)', () => {
  it('an organization token sees its organization only', async () => {
    for (const metric of SAMPLE) {
      const got = await read(metric, WINDOW, apiA);
      expect(got.length, metric).toBeGreaterThan(0);
      expect(got).toEqual(all(metric).filter((p) => p.organization_id === A));
    }
  });

  it('the customer token sees every organization of the customer', async () => {
    for (const metric of SAMPLE)
      expect(new Set(all(metric).map((p) => p.organization_id)), metric).toEqual(new Set([A, B, C]));
  });

  it('organization_id narrows the customer token, one id or several (+ or %20, OR)', async () => {
    for (const metric of SAMPLE) {
      await expectSubset(metric, { ...WINDOW, organization_id: B }, (p) => p.organization_id === B);
      expect(await read(metric, { ...WINDOW, organization_id: B })).toEqual(await read(metric, WINDOW, apiB));
    }
    const two = (p: Point) => p.organization_id === A || p.organization_id === C;
    const metric = 'um_operator_status';
    const plus = await readAll(w.customer, metric, WINDOW, { rawQuery: `organization_id=${A}+${C}` });
    expect(plus).toEqual(all(metric).filter(two));
    expect(await readAll(w.customer, metric, WINDOW, { rawQuery: `organization_id=${A}%20${C}` })).toEqual(
      plus,
    );
    expect(await readAll(w.customer, metric, WINDOW, { rawQuery: `organization_id=${A}%2B${C}` })).toEqual(
      plus,
    );
  });

  it('an organization token cannot widen its scope with organization_id', async () => {
    expect(await read('um_operator_status', { ...WINDOW, organization_id: B }, apiA)).toEqual([]);
    expect(await read('um_operator_status', { ...WINDOW, organization_id: `${A} ${B}` }, apiA)).toEqual(
      all('um_operator_status').filter((p) => p.organization_id === A),
    );
  });

  it('a token of another customer sees none of these organizations', async () => {
    for (const metric of SAMPLE) {
      expect(await read(metric, WINDOW, foreign)).toEqual([]);
      expect(await read(metric, { ...WINDOW, organization_id: A }, foreign)).toEqual([]);
    }
  });

  it('no token is 401 not_authenticated, an unknown token 401 authentication_failed', async () => {
    const id = metricEndpoint('um_conversation_rating');
    await w.anonymous.fails(id, { query: WINDOW }, 401, 'not_authenticated');
    await w.anonymous
      .as({ token: 'no-such-token' })
      .fails(id, { query: WINDOW }, 401, 'authentication_failed');
  });
});

describe('id filters (section 4 rules 1-2)', () => {
  /** Ids occurring in the data, most frequent first. */
  const frequent = (points: Point[], pick: (p: Point) => Array<number | null | undefined>) => {
    const counts = new Map<number, number>();
    for (const p of points)
      for (const id of pick(p)) if (id != null) counts.set(id, (counts.get(id) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  };

  it('um_widget_id: data points involving that widget; several widgets OR', async () => {
    for (const metric of SAMPLE) {
      const widgets = frequent(all(metric), (p) => p.um_widget_id);
      const w1 = widgets[0]!;
      // A second widget that adds points (operator events name every widget of their organization).
      const w2 = widgets.find((x) =>
        all(metric).some((p) => p.um_widget_id.includes(x) && !p.um_widget_id.includes(w1)),
      )!;
      expect(w2, metric).toBeDefined();
      const one = await expectSubset(metric, { ...WINDOW, um_widget_id: w1 }, (p) =>
        p.um_widget_id.includes(w1),
      );
      expect(one.length).toBeGreaterThan(0);
      const both = await readAll(w.customer, metric, WINDOW, { rawQuery: `um_widget_id=${w1}+${w2}` });
      expect(both).toEqual(
        all(metric).filter((p) => p.um_widget_id.includes(w1) || p.um_widget_id.includes(w2)),
      );
      expect(both.length).toBeGreaterThan(one.length);
    }
  });

  it('operator_id: data points of that operator; several operators OR; none on missed opportunities', async () => {
    for (const metric of SAMPLE.filter((m) => m !== 'um_missed_opportunity')) {
      const [o1, o2] = frequent(all(metric), (p) => [p.operator_id]) as [number, number];
      const one = await expectSubset(metric, { ...WINDOW, operator_id: o1 }, (p) => p.operator_id === o1);
      expect(one.length).toBeGreaterThan(0);
      expect(one.length).toBeLessThan(all(metric).length);
      await expectSubset(metric, { ...WINDOW, operator_id: `${o1} ${o2}` }, (p) =>
        [o1, o2].includes(p.operator_id!),
      );
    }
    const someOperator = frequent(all('um_operator_status'), (p) => [p.operator_id])[0]!;
    expect(await read('um_missed_opportunity', { ...WINDOW, operator_id: someOperator })).toEqual([]);
  });

  it('operator_group_id: data points of that group; several groups OR', async () => {
    for (const metric of SAMPLE.filter((m) => m !== 'um_missed_opportunity')) {
      const [g1, g2] = frequent(all(metric), (p) => [p.operator_group_id]) as [number, number];
      const one = await expectSubset(
        metric,
        { ...WINDOW, operator_group_id: g1 },
        (p) => p.operator_group_id === g1,
      );
      expect(one.length).toBeGreaterThan(0);
      await expectSubset(metric, { ...WINDOW, operator_group_id: `${g1}+${g2}` }, (p) =>
        [g1, g2].includes(p.operator_group_id!),
      );
    }
  });

  it('several filters combine with AND', async () => {
    const metric = 'um_conversation_part_category';
    const points = all(metric);
    const sample = points.find((p) => p.organization_id === B && p.operator_id != null)!;
    const [widget] = sample.um_widget_id as [number];
    const query = {
      ...WINDOW,
      organization_id: B,
      um_widget_id: widget,
      operator_id: sample.operator_id!,
      operator_group_id: sample.operator_group_id!,
    };
    const got = await expectSubset(
      metric,
      query,
      (p) =>
        p.organization_id === B &&
        p.um_widget_id.includes(widget) &&
        p.operator_id === sample.operator_id &&
        p.operator_group_id === sample.operator_group_id,
    );
    expect(got).toContainEqual(sample);
    // Each filter narrows on its own: dropping one gives at least as much.
    for (const drop of ['um_widget_id', 'operator_id', 'operator_group_id'] as const) {
      const { [drop]: _, ...rest } = query;
      expect((await read(metric, rest)).length).toBeGreaterThanOrEqual(got.length);
    }
    // Filters that cannot hold together give nothing: an operator of A within organization B.
    const ofA = points.find((p) => p.organization_id === A && p.operator_id != null)!.operator_id!;
    expect(await read(metric, { ...WINDOW, organization_id: B, operator_id: ofA })).toEqual([]);
    // A filter on a widget of one organization and the operator of another.
    const widgetOfA = points.find((p) => p.organization_id === A)!.um_widget_id[0]!;
    expect(
      await read(metric, { ...WINDOW, um_widget_id: widgetOfA, operator_id: sample.operator_id! }),
    ).toEqual([]);
  });

  it('an id filter with no match gives an empty results array, not an error', async () => {
    const body = await w.customer.ok(metricEndpoint('um_operator_status'), {
      query: { ...WINDOW, operator_id: 999_999 },
    });
    expect(body).toEqual({ results: [] });
  });

  it.each([
    ['operator_id', 'abc'],
    ['operator_id', '1,2'],
    ['operator_group_id', '0'],
    ['um_widget_id', '-3'],
    ['organization_id', ''],
    ['organization_id', '1+x'],
  ])('%s=%j is 400 invalid naming the parameter', async (field, value) => {
    const error = await w.customer.fails(
      metricEndpoint('um_conversation_rating'),
      { query: { ...WINDOW, [field]: value } },
      400,
      'invalid',
    );
    expect(Object.keys(error.errors ?? {})).toEqual([field]);
  });

  it('an unknown query parameter is 400 naming it', async () => {
    const error = await w.customer.fails(
      metricEndpoint('um_conversation_rating'),
      { query: { ...WINDOW, widget_id: 1 } },
      400,
      'invalid',
    );
    expect(JSON.stringify(error)).toContain('widget_id');
  });
});

describe('operator_mode (section 4 rule 3)', () => {
  /** A human (bot) operator was involved: the interaction flags of conversation events, the operator's kind otherwise. */
  const human = (p: Point) => p.human_interaction ?? (p.operator_id != null && p.is_chatbot_metric === false);
  const bot = (p: Point) => p.chatbot_interaction ?? p.is_chatbot_metric;

  it('human: data points logged while a human operator was involved', async () => {
    for (const metric of SAMPLE) {
      const got = await expectSubset(metric, { ...WINDOW, operator_mode: 'human' }, human);
      // A missed opportunity happens before any operator took part.
      if (metric === 'um_missed_opportunity') continue;
      expect(got.length, metric).toBeGreaterThan(0);
      expect(got.length, metric).toBeLessThan(all(metric).length);
    }
  });

  it('bot: data points logged while a chatbot operator was involved', async () => {
    for (const metric of SAMPLE) {
      const got = await expectSubset(metric, { ...WINDOW, operator_mode: 'bot' }, bot);
      if (metric !== 'um_missed_opportunity') expect(got.length, metric).toBeGreaterThan(0);
      expect(got.length, metric).toBeLessThan(all(metric).length);
    }
  });

  it.each(['hybrid', 'Human', 'BOT', 'human+bot', 'none'])(
    'any other value (%j) is accepted and gives all operators',
    async (mode) => {
      for (const metric of SAMPLE) await expectSubset(metric, { ...WINDOW, operator_mode: mode }, () => true);
    },
  );

  it('combines with the other filters (AND)', async () => {
    const metric = 'um_conversation_duration';
    await expectSubset(
      metric,
      { ...WINDOW, operator_mode: 'bot', organization_id: C },
      (p) => bot(p) && p.organization_id === C,
    );
  });
});

describe('dates and timestamps (section 4)', () => {
  const metric = 'um_operator_status';
  const world = () => all(metric);
  const status = (query: Query, api: Api = apiA) => read(metric, query, api);
  const values = (points: Point[]) => points.map((p) => p.value);
  /** A day of the world with operator status changes (the last week has shifts). */
  const DAY = '2025-06-26';
  const dayOf = (p: Point) => p.time.slice(0, 10);

  it('event_date: the events of that UTC day', async () => {
    const got = await read(metric, { event_date: DAY });
    expect(got.length).toBeGreaterThan(0);
    expect(got).toEqual(world().filter((p) => dayOf(p) === DAY));
  });

  it('event_date_from and event_date_to as dates: both days included', async () => {
    const got = await read(metric, { event_date_from: '2025-06-24', event_date_to: DAY });
    expect(got).toEqual(world().filter((p) => dayOf(p) >= '2025-06-24' && dayOf(p) <= DAY));
    expect(new Set(got.map(dayOf))).toEqual(new Set(['2025-06-24', '2025-06-25', DAY]));
  });

  it('timestamps: from inclusive, to inclusive to the second; dates and timestamps mix', async () => {
    const from = `${DAY}T08:30:00`;
    const to = `${DAY}T12:30:00`;
    const inRange = (lo: string, hi: string) => (p: Point) => p.time >= lo && p.time <= hi;
    const got = await read(metric, { event_date_from: from, event_date_to: to });
    expect(got.length).toBeGreaterThan(0);
    expect(got).toEqual(world().filter(inRange(from, to)));
    expect(await read(metric, { event_date_from: DAY, event_date_to: to })).toEqual(
      world().filter(inRange(`${DAY}T00:00:00`, to)),
    );
    expect(await read(metric, { event_date_from: from, event_date_to: '2025-06-27' })).toEqual(
      world().filter(inRange(from, '2025-06-27T23:59:59')),
    );
  });

  it('exact bounds: a day is [00:00:00, 24:00:00); a timestamp bound covers its whole second', async () => {
    expect(values(await status({ event_date: '2024-03-10' }))).toEqual([2, 3, 4, 5, 6, 7]);
    expect(values(await status({ event_date_from: '2024-03-10', event_date_to: '2024-03-10' }))).toEqual([
      2, 3, 4, 5, 6, 7,
    ]);
    expect(
      values(await status({ event_date_from: '2024-03-10T00:00:00', event_date_to: '2024-03-10T12:00:00' })),
    ).toEqual([2, 3, 4, 5]);
    expect(
      values(await status({ event_date_from: '2024-03-10T12:00:00', event_date_to: '2024-03-10T12:00:00' })),
    ).toEqual([4, 5]);
    expect(
      values(await status({ event_date_from: '2024-03-10T12:00:01', event_date_to: '2024-03-11T00:00:00' })),
    ).toEqual([6, 7, 8]);
    expect(
      values(await status({ event_date_from: '2024-03-09T23:59:59', event_date_to: '2024-03-10T00:00:00' })),
    ).toEqual([1, 2]);
  });

  it('one bound alone is that single day, whether a date or a timestamp', async () => {
    const day = [2, 3, 4, 5, 6, 7];
    expect(values(await status({ event_date_from: '2024-03-10' }))).toEqual(day);
    expect(values(await status({ event_date_to: '2024-03-10' }))).toEqual(day);
    expect(values(await status({ event_date_from: '2024-03-10T12:00:01' }))).toEqual(day);
    expect(values(await status({ event_date_to: '2024-03-10T11:00:00' }))).toEqual(day);
    expect(await read(metric, { event_date_from: DAY })).toEqual(world().filter((p) => dayOf(p) === DAY));
  });

  it('no date at all: the current UTC day', async () => {
    const before = new Date().toISOString().slice(0, 10);
    const got = await status({});
    const after = new Date().toISOString().slice(0, 10);
    if (before === after) expect(values(got)).toEqual([42]);
  });

  it('a range of 93 days is served; 94 days are 400 naming event_date_to (section 8)', async () => {
    const id = metricEndpoint(metric);
    await w.customer.ok(id, { query: { event_date_from: '2025-01-01', event_date_to: '2025-04-03' } });
    await w.customer.ok(id, {
      query: { event_date_from: '2025-01-01T00:00:00', event_date_to: '2025-04-03T23:59:59' },
    });
    await w.customer.ok(id, { query: { event_date_from: '2024-02-01', event_date_to: '2024-05-03' } }); // leap year
    for (const query of [
      { event_date_from: '2025-01-01', event_date_to: '2025-04-04' },
      { event_date_from: '2025-01-01T00:00:00', event_date_to: '2025-04-04T00:00:00' },
      { event_date_from: '2024-02-01', event_date_to: '2024-05-04' },
      { event_date_from: '2020-01-01', event_date_to: '2025-06-30' },
    ]) {
      const error = await w.customer.fails(id, { query }, 400, 'invalid');
      expect(error.errors?.event_date_to?.join(' '), JSON.stringify(query)).toMatch(/93 days/);
    }
  });

  it('the last day of the calendar is served (the range ends in year 10000)', async () => {
    const id = metricEndpoint(metric);
    for (const query of [
      { event_date: '9999-12-31' },
      { event_date_from: '9999-12-31' },
      { event_date_from: '9999-12-01', event_date_to: '9999-12-31' },
      { event_date_from: '9999-12-31T23:59:59', event_date_to: '9999-12-31T23:59:59' },
    ])
      expect(await w.customer.ok(id, { query }), JSON.stringify(query)).toEqual({ results: [] });
  });

  it('an inverted range is 400; a range of one second is served', async () => {
    const id = metricEndpoint(metric);
    for (const query of [
      { event_date_from: '2025-06-10', event_date_to: '2025-06-09' },
      { event_date_from: '2025-06-10T10:00:00', event_date_to: '2025-06-10T09:59:59' },
      { event_date_from: '2025-06-11T00:00:00', event_date_to: '2025-06-10' },
    ]) {
      const error = await w.customer.fails(id, { query }, 400, 'invalid');
      expect(Object.keys(error.errors ?? {})).toEqual(['event_date_to']);
    }
    await w.customer.ok(id, {
      query: { event_date_from: '2025-06-10T10:00:00', event_date_to: '2025-06-10T10:00:00' },
    });
  });

  it.each([
    ['event_date', '2025-02-30'],
    ['event_date', '20250601'],
    ['event_date', '2025-06-01T10:00:00'],
    ['event_date_from', '2025-06-01T10:00'],
    ['event_date_from', '2025-06-01T10:00:00Z'],
    ['event_date_to', '2025-06-01 10:00:00'],
    ['event_date_to', '2025-06-01T10:00:00.5'],
    ['event_date_to', '2025-06-01T24:00:00'],
    ['event_date_from', 'yesterday'],
  ])('%s=%j is 400 invalid naming the parameter', async (field, value) => {
    const error = await w.customer.fails(
      metricEndpoint(metric),
      { query: { [field]: value } },
      400,
      'invalid',
    );
    expect(Object.keys(error.errors ?? {})).toEqual([field]);
  });

  it('event_date together with a range bound is 400', async () => {
    const error = await w.customer.fails(
      metricEndpoint(metric),
      { query: { event_date: DAY, event_date_from: DAY } },
      400,
      'invalid',
    );
    expect(Object.keys(error.errors ?? {})).toEqual(['event_date']);
  });
});

describe('order (time, then id) and continuation by next links', () => {
  const metric = 'um_operator_status';
  const id = metricEndpoint(metric);
  type Page = { results: Point[]; next?: string | null };

  it('more than the page size: a full page and `next` until the last page; together every point once', async () => {
    const first = (await w.customer.ok(id, { query: WINDOW })) as Page;
    expect(first.results).toHaveLength(PAGE);
    expect(first.next).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/um\/v1\/analytics\/um_operator_status\/\?/);
    const points = all(metric);
    expect(points.length).toBeGreaterThan(5 * PAGE);
    expect(points.slice(0, PAGE)).toEqual(first.results);
    // The whole range equals the database's rows in (time, id) order.
    const rows = await storedPoints(w.server.db, metric, WINDOW.event_date_from, WINDOW.event_date_to);
    expect(points.map((p) => [p.time, p.value, p.value_str, p.operator_id])).toEqual(
      rows.map((r) => [r.time.slice(0, 19), r.value, r.value_str, r.operator_id]),
    );
  });

  it('`next` keeps every filter and the path, and adds only the cursor', async () => {
    const query = { ...WINDOW, organization_id: `${A} ${B}`, operator_mode: 'human' };
    const first = (await w.customer.ok(id, { query })) as Page;
    const link = linkQuery(first.next ?? null);
    expect(link).toMatchObject({ ...query });
    expect(Object.keys(link).sort()).toEqual([...Object.keys(query), 'cursor'].sort());
    const got = await read(metric, query);
    expect(got).toEqual(
      all(metric).filter(
        (p) =>
          (p.organization_id === A || p.organization_id === B) &&
          p.operator_id != null &&
          !p.is_chatbot_metric,
      ),
    );
  });

  it('ties on time are ordered by id, also across a page boundary', async () => {
    const first = (await apiA.ok(id, { query: { event_date: '2024-06-01' } })) as Page;
    expect(first.results).toHaveLength(PAGE);
    expect(first.results.slice(-2).map((p) => p.value)).toEqual([1, 2]);
    const second = (await apiA.follow(id, first.next ?? null)) as Page;
    expect(second.results.map((p) => [p.time, p.value])).toEqual(
      [3, 4, 5, 6, 7].map((v) => ['2024-06-01T10:00:00', v]),
    );
    expect(second.next ?? null).toBeNull();
  });

  it('exactly the page size: no `next`; a small range reads like a plain list', async () => {
    const page = (await apiA.ok(id, { query: { event_date: '2024-07-01' } })) as Page;
    expect(page.results.map((p) => p.value)).toEqual([...Array(PAGE).keys()]);
    expect(page.next ?? null).toBeNull();
    const small = (await apiA.ok(id, { query: { event_date: '2024-03-10' } })) as Page;
    expect(Object.keys(small)).toEqual(['results']);
  });

  it('limit: fewer points per response, kept by `next`; together every point once (D14)', async () => {
    const limit = 7;
    const query = { ...WINDOW, limit: String(limit) };
    const first = (await w.customer.ok(id, { query })) as Page;
    expect(first.results).toEqual(all(metric).slice(0, limit));
    expect(linkQuery(first.next ?? null)).toMatchObject({ limit: String(limit) });
    const second = (await w.customer.follow(id, first.next ?? null)) as Page;
    expect(second.results).toEqual(all(metric).slice(limit, 2 * limit));
    expect(await read(metric, query)).toEqual(all(metric));
    // One organization's pages come from its stored day renders: cut at the limit the same way.
    const ofA = all(metric).filter((p) => p.organization_id === A);
    expect(((await apiA.ok(id, { query })) as Page).results).toEqual(ofA.slice(0, limit));
    expect(await read(metric, query, apiA)).toEqual(ofA);
  });

  it('a page of text outside ASCII is sent whole: its length is counted in bytes', async () => {
    // Goal names are free text (section 6).
    const goals = metricEndpoint('um_conversation_goal_reached');
    const texts = ['Grüße – ✓', 'naïve 🚀', 'plain'];
    const conversation = all('um_conversation_duration').find((p) => p.organization_id === A)!;
    for (const [i, value_str] of texts.entries())
      await w.server.fixtures.dataPoint(A, 'um_conversation_goal_reached', {
        time: `2024-08-01T08:00:0${i}`,
        operator_id: admin,
        value: i,
        value_str,
        conversation_id: conversation.conversation_id!,
        chatbot_interaction: false,
        human_interaction: true,
      });
    const page = (await apiA.ok(goals, { query: { event_date: '2024-08-01', limit: '2' } })) as Page;
    expect(page.results.map((p) => p.value_str)).toEqual(texts.slice(0, 2));
    const rest = (await apiA.follow(goals, page.next ?? null)) as Page;
    expect(rest.results.map((p) => p.value_str)).toEqual(texts.slice(2));
  });

  it('limit: above the page size is the page size; 0, negative or not a number is 400 naming limit', async () => {
    const above = (await w.customer.ok(id, { query: { ...WINDOW, limit: '1000000' } })) as Page;
    expect(above.results).toEqual(all(metric).slice(0, PAGE));
    for (const limit of ['0', '-1', 'ten', '1.5']) {
      const error = await w.customer.fails(id, { query: { ...WINDOW, limit } }, 400, 'invalid');
      expect(Object.keys(error.errors ?? {}), limit).toEqual(['limit']);
    }
  });

  it('`next` works on the unversioned path and under the alias spelling', async () => {
    const latest = await readAll(w.customer, metric, WINDOW, { latest: true });
    expect(latest).toEqual(all(metric));
    const alias = await readAll(w.customer, 'um_chat_session_manual_forward_re_group_engage', {
      event_date_from: '2025-04-01',
      event_date_to: '2025-06-30',
    });
    expect(alias).toEqual(
      await readAll(w.customer, 'um_chat_session_manual_forward_group_re_engage', {
        event_date_from: '2025-04-01',
        event_date_to: '2025-06-30',
      }),
    );
  });

  it('a cursor that is not one of ours is 400 naming cursor, never a database error', async () => {
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    for (const cursor of [
      'abc',
      '',
      b64('2024-01-01T00:00:00Z|x'),
      b64('2024-01-01T00:00:00Z|99999999999'), // beyond the id column
      b64('2024-01-01T00:00:00.000000Z|2147483648'),
      b64('2024-02-30T00:00:00.000000Z|1'), // not a calendar day
      b64('2024-01-01T24:00:00.000000Z|1'),
      b64('+275760-09-13T00:00:00.000Z|1'),
      b64('1|1'),
      b64('2024-01-01|1'),
      b64('2024-01-01T00:00:00.000000Z|1|2'),
    ]) {
      const error = await w.customer.fails(id, { query: { ...WINDOW, cursor } }, 400, 'invalid');
      expect(Object.keys(error.errors ?? {}), cursor).toEqual(['cursor']);
    }
    // A well-formed cursor at any point continues after it.
    const page = (await apiA.ok(id, {
      query: { event_date: '2024-03-10', cursor: b64('2024-03-10T12:00:00.000000Z|2147483647') },
    })) as Page;
    expect(page.results.map((p) => p.value)).toEqual([5, 6, 7]);
  });

  it('every metric of the sample is time-ascending over its pages', () => {
    for (const metric of SAMPLE) expectTimeAscending(all(metric), metric);
    expect(new Set(all('um_missed_opportunity').map(key)).size).toBe(all('um_missed_opportunity').length);
  });
});

describe('paths: with and without the version', () => {
  it('an unknown metric is 404 with the error body, with and without the version', async () => {
    for (const path of ['/api/um/analytics/um_no_such_metric/', '/api/um/v1/analytics/um_no_such_metric/']) {
      const response = await w.customer.request('GET', path, { query: WINDOW });
      expect(response.status, path).toBe(404);
      expect((response.body as ErrorBody).code).toBe('not_found');
      expect(Object.keys(response.body as object).sort()).toEqual(['code', 'detail']);
    }
    await w.customer.notFound('analyticsLatest', { params: { metric: 'um_nope' }, query: WINDOW });
  });

  it('the unversioned path serves v1 for every metric', async () => {
    const query = { event_date: '2025-06-20' };
    for (const metric of SAMPLE)
      expect(await readAll(w.customer, metric, query, { latest: true })).toEqual(await read(metric, query));
  });

  it('v2 analytics paths are gone (410), other methods 405 with Allow: GET', async () => {
    const gone = await w.customer.request('GET', '/api/um/v2/analytics/um_conversation_rating/');
    expect(gone.status).toBe(410);
    expect((gone.body as ErrorBody).code).toBe('gone');
    const post = await w.customer.request('POST', '/api/um/v1/analytics/um_conversation_rating/', {
      body: {},
    });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
  });

  it('counts as the same request without the trailing slash', async () => {
    const response = await w.customer.request('GET', '/api/um/v1/analytics/um_operator_status', {
      query: { event_date: '2024-03-10', organization_id: A },
    });
    expect(response.status).toBe(200);
    expect((response.body as { results: Point[] }).results.map((p) => p.value)).toEqual([2, 3, 4, 5, 6, 7]);
  });
});
