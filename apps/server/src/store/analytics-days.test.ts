import {
  ANALYTICS_METRIC_NAMES,
  ANALYTICS_METRICS,
  type AnalyticsMetric,
  AnalyticsQuerySchema,
  canonicalMetric,
} from '@org/model';
import { beforeAll, expect, it } from 'vitest';
import { bytesOfParts } from '../core/json.js';
import { createSandboxDataPoint } from '../sandbox/store/records.js';
import { dataPointJson, queryDataPoints } from './analytics.js';
import { seedWorld } from './seed/seed-world.js';
import { describeOnEachEngine, type TestDb, useTestDb } from './test-support/test-databases.js';
import {
  copyPointAt,
  copyPointWith,
  deletePointsAt,
  movePoints,
  pointDays,
  pointRowsOf,
  storedDayRenders,
  storedFilteredDayRenders,
} from './test-support/test-states.js';

/**
 * A page served from stored day renders is the text the row query alone gives, whatever the
 * range bounds, page cuts and cursors, and after writes into rendered days. The row query's answer
 * is the same request seen with a second organization that holds no points: several
 * organizations are always read as rows.
 */
const WORLD = {
  organizations: 2,
  contactsPerOrg: 30,
  conversationsPerOrg: 80,
  messagesPerConversation: 5,
  days: 8,
} as const;
const NO_POINTS_ORG = 2_000_000_000;

function daysSuite(open: () => Promise<TestDb>) {
  const db = useTestDb(open);
  let A: number;
  let B: number;
  let metric: AnalyticsMetric;
  let first: string;
  let last: string;
  beforeAll(async () => {
    [A, B] = (await seedWorld(db, WORLD)).organizationIds as [number, number];
    // The metric with the most points in A (several per day), with points on its day boundaries.
    const counts = await Promise.all(
      ANALYTICS_METRIC_NAMES.filter((m) => canonicalMetric(m) === m).map(async (m) => ({
        m,
        days: await pointDays(db, m, A),
        n: (await page(m, { event_date_from: '2025-05-01', event_date_to: '2025-07-31' }, [A, NO_POINTS_ORG]))
          .length,
      })),
    );
    const densest = counts
      .filter((c) => c.days.first)
      .sort((x, y) => y.n - x.n || x.m.localeCompare(y.m))[0]!;
    metric = densest.m;
    ({ first, last } = densest.days);
    const day2 = shiftDay(first, 2);
    await copyPointAt(db, metric, A, [
      `${day2}T00:00:00Z`,
      `${day2}T00:00:00Z`,
      `${day2}T23:59:59.999999Z`,
      `${shiftDay(first, 3)}T00:00:00.000001Z`,
      `${shiftDay(first, 3)}T12:00:00.5Z`,
    ]);
  });

  const shiftDay = (day: string, n: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

  /** A page's text (the server writes it part by part). */
  const page = async (m: AnalyticsMetric, raw: Record<string, string>, orgs: number[], pageSize = 1000) =>
    bytesOfParts(
      await queryDataPoints(
        db,
        m,
        AnalyticsQuerySchema.parse(raw),
        { visibleOrganizationIds: orgs },
        { origin: 'http://test', path: `/api/um/v1/analytics/${m}/`, query: new URLSearchParams(raw) },
        pageSize,
      ),
    ).toString();

  /** Every page of a request (following `next`) from the day renders and from rows: the same texts. */
  const expectSamePages = async (
    raw: Record<string, string>,
    pageSize: number,
    { org = A, m = metric, visible = [org] }: { org?: number; m?: AnalyticsMetric; visible?: number[] } = {},
  ) => {
    let query = raw;
    let pages = 0;
    let points = 0;
    for (;;) {
      const fromDays = await page(m, query, visible, pageSize);
      expect(fromDays).toBe(await page(m, query, [org, NO_POINTS_ORG], pageSize));
      const body = JSON.parse(fromDays) as { results: unknown[]; next?: string };
      pages += 1;
      points += body.results.length;
      if (!body.next) return { pages, points };
      query = { ...raw, cursor: new URL(body.next).searchParams.get('cursor')! };
    }
  };
  const range = () => ({ event_date_from: `${first}T07:30:00`, event_date_to: `${last}T16:45:10` });
  const rendered = async (org = A) =>
    (await storedDayRenders(db, org)).filter((d) => d.metric === metric && d.rendered);

  it('answers ranges from and to mid-day, whole days, and across page cuts, as the rows do', async () => {
    const whole = await expectSamePages({ event_date_from: first, event_date_to: last }, 100_000);
    expect(whole.pages).toBe(1);
    expect(whole.points).toBeGreaterThan(40);
    // Rendered once, then served from the renders: the same again.
    expect((await rendered()).length).toBeGreaterThan(3);
    await expectSamePages({ event_date_from: first, event_date_to: last }, 100_000);
    for (const pageSize of [1, 7, 23, 1000]) {
      const paged = await expectSamePages(range(), pageSize);
      if (pageSize < whole.points / 2) expect(paged.pages).toBeGreaterThan(2);
    }
    await expectSamePages({ event_date_from: `${shiftDay(first, 2)}T00:00:00`, event_date_to: last }, 5);
    await expectSamePages({ event_date: shiftDay(first, 3) }, 3);
  });

  it('serves a render on the days a page needs only, and builds the others when a page reaches them', async () => {
    await expectSamePages({ event_date_from: shiftDay(first, -5), event_date_to: shiftDay(last, 5) }, 11);
    const days = await rendered();
    const empty = days.filter((d) => d.points === 0);
    expect(empty.length).toBeGreaterThan(0);
  });

  it('reads rows for filtered requests and several organizations', async () => {
    const before = await storedDayRenders(db, B);
    for (const filter of [{ operator_mode: 'human' }, { operator_mode: 'bot' }])
      await expectSamePages({ ...range(), ...filter }, 9, { org: B });
    const both = await page(metric, range(), [A, B]);
    expect(JSON.parse(both).results.length).toBeGreaterThan(0);
    expect(await storedDayRenders(db, B)).toEqual(before);
    // One organization picked among several (the other is not visible to the days' request): its renders.
    await expectSamePages({ ...range(), organization_id: `${B}+${NO_POINTS_ORG}` }, 130, {
      org: B,
      visible: [A, B],
    });
    expect((await rendered(B)).length).toBeGreaterThan(0);
  });

  it('serves filtered requests from renders of their own, per filter, the text the rows give', async () => {
    const operator = (await pointRowsOf(db, metric, A, `${first}T00:00:00Z`, `${last}T23:59:59Z`)).find(
      (p) => p.operator_id !== null,
    )?.operator_id;
    const filters: Array<Record<string, string>> = [
      { operator_mode: 'human' },
      { operator_mode: 'bot' },
      ...(operator ? [{ operator_id: String(operator) }, { operator_id: `${operator}+${operator}` }] : []),
    ];
    for (const filter of filters) {
      await expectSamePages({ ...range(), ...filter }, 9);
      // Rendered by the first pages, served the second time: the same text.
      await expectSamePages({ ...range(), ...filter }, 9);
      await expectSamePages({ ...range(), ...filter }, 100_000);
    }
    const stored = (await storedFilteredDayRenders(db, A)).filter((r) => r.metric === metric);
    expect(new Set(stored.map((r) => r.filter)).size).toBe(operator ? 3 : 2);
    // A write into a day: its filtered renders are of an older generation, not served, replaced.
    const day = shiftDay(first, 3);
    const json = await createSandboxDataPoint(db, metric, A, {
      time: `${day}T10:10:10`,
      human_interaction: true,
    });
    for (const filter of filters) await expectSamePages({ ...range(), ...filter }, 9);
    expect(await page(metric, { event_date: day, operator_mode: 'human' }, [A])).toContain(json);
    const current = (await storedDayRenders(db, A)).find((d) => d.metric === metric && d.day === day)!;
    const renders = (await storedFilteredDayRenders(db, A)).filter(
      (r) => r.metric === metric && r.day === day,
    );
    expect(renders.length).toBeGreaterThan(0);
    for (const r of renders) expect(r.generation).toBe(current.generation);
  });

  it('renders a day again after a point is written into it (sandbox records), deleted or moved', async () => {
    await expectSamePages(range(), 17);
    await expectSamePages(range(), 100_000);
    const day = shiftDay(first, 3);
    const generation = async () =>
      (await storedDayRenders(db, A)).find((d) => d.metric === metric && d.day === day)!;
    const before = await generation();
    expect(before.rendered).toBe(true);
    const json = await createSandboxDataPoint(db, metric, A, { time: `${day}T09:09:09` });
    expect(await generation()).toMatchObject({
      rendered: false,
      points: null,
      generation: before.generation + 1,
    });
    const after = await page(metric, { event_date: day }, [A]);
    expect(after).toContain(json);
    await expectSamePages(range(), 17);

    await deletePointsAt(db, metric, A, `${shiftDay(first, 2)}T00:00:00Z`);
    await expectSamePages(range(), 17);
    await movePoints(db, metric, A, `${day}T09:09:09Z`, `${shiftDay(first, 1)}T01:01:01Z`);
    const moved = await expectSamePages(range(), 17);
    const whole = await page(metric, range(), [A], 100_000);
    expect(JSON.parse(whole).results.length).toBe(moved.points);
    expect(whole).toContain(`"time":"${shiftDay(first, 1)}T01:01:01"`);
    expect(whole).not.toContain(`"time":"${day}T09:09:09"`);
  });

  it('renders points in the database as dataPointJson does, values of every size and any text', async () => {
    const day = shiftDay(last, 3);
    const values = [
      0,
      -0,
      5,
      -5.5,
      0.1 + 0.2,
      1e-4,
      9.99e-5,
      1e-7,
      123.456,
      1e14 + 0.5,
      1e15,
      1e21,
      123456789012345680000,
      2 ** 53 + 2,
    ];
    const texts = [
      '',
      'plain',
      'quote " and \\ back',
      'tab\t new\n line\r',
      '\u0001\u001f\u007f',
      'é 日本 😀 /',
    ];
    const points = values.flatMap((value, i) =>
      texts.map((value_str, j) => ({
        time: `${day}T10:${String(i).padStart(2, '0')}:${String(j).padStart(2, '0')}.25Z`,
        value,
        value_str,
      })),
    );
    for (const m of ['um_operator_status', 'um_missed_opportunity', 'um_conversation_duration'] as const) {
      await copyPointWith(db, m, A, points);
      const rows = await pointRowsOf(db, m, A, `${day}T00:00:00Z`, `${shiftDay(day, 1)}T00:00:00Z`);
      expect(rows.length).toBeGreaterThanOrEqual(points.length);
      const expected = `{"results":[${rows.map((row) => dataPointJson(row, ANALYTICS_METRICS[m])).join(',')}]}`;
      // The whole day read once: the first page renders in SQL (or falls back to rows for the values it cannot).
      expect(await page(m, { event_date: day }, [A, NO_POINTS_ORG], 100_000)).toBe(expected);
      const safe = rows.filter(
        (row) => row.value === 0 || (Math.abs(row.value) >= 1e-4 && Math.abs(row.value) < 1e15),
      );
      await copyPointWith(
        db,
        m,
        A,
        safe.map((row) => ({
          time: `${shiftDay(day, 1)}${row.time.slice(10).replace(' ', 'T').replace('+00', 'Z')}`,
          value: row.value,
          value_str: row.value_str,
        })),
      );
      const safeRows = await pointRowsOf(
        db,
        m,
        A,
        `${shiftDay(day, 1)}T00:00:00Z`,
        `${shiftDay(day, 2)}T00:00:00Z`,
      );
      expect(await page(m, { event_date: shiftDay(day, 1) }, [A, NO_POINTS_ORG], 100_000)).toBe(
        `{"results":[${safeRows.map((row) => dataPointJson(row, ANALYTICS_METRICS[m])).join(',')}]}`,
      );
    }
  });

  it('renders every kind of metric as the rows do', async () => {
    for (const m of ANALYTICS_METRIC_NAMES.filter(
      (_, i) => i % 5 === 0 || ANALYTICS_METRICS[_].kind === 'missed',
    ))
      await expectSamePages({ event_date_from: shiftDay(first, -1), event_date_to: `${last}T11:00:00` }, 31, {
        m,
      });
  });
}

describeOnEachEngine('analytics day renders', daysSuite);
