import {
  ANALYTICS_METRIC_NAMES,
  type AnalyticsDataPoint,
  type AnalyticsMetric,
  type EndpointId,
  endpoints,
} from '@org/model';
import { expect } from 'vitest';
import type { RateLimits } from '../core/rate-limit/limiter.js';
import type { RunningServer, StartOptions } from '../server.js';
import { testDatabaseUrl } from '../store/engine/temporary-database.js';
import type { SeedOptions } from '../store/seed/demo-world.js';
import { Api, type QueryValue } from './api.js';
import { NO_LIMITS } from './harness.js';
import { useStartedServer } from './started-server.js';

/**
 * Shared pieces of the analytics suites: one seeded, deterministic world per file (its present is
 * fixed), the world's date window, and a reader that follows `next` links so a suite sees
 * every data point of a range whatever the server's page size.
 */

/** The world's present (the generator's default, passed explicitly so the window is known). */
export const WORLD_NOW = '2025-06-30T12:00:00.000000Z';
const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** 93 days (the cap, inclusive of both dates) ending on the world's present: all its data points. */
export const WINDOW = {
  event_date_from: day(Date.parse(WORLD_NOW) - 92 * DAY_MS),
  event_date_to: day(Date.parse(WORLD_NOW)),
} as const;

export function metricEndpoint(metric: AnalyticsMetric) {
  return `analytics_${metric}` as EndpointId;
}

export type Query = Record<string, QueryValue | undefined>;
export type Point = AnalyticsDataPoint;

/**
 * Every data point of a metric for the query: the first response plus every `next` page, each
 * parsed with the metric's own schema by the test client. `latest` reads the unversioned path.
 */
export async function readAll(
  api: Api,
  metric: AnalyticsMetric,
  query: Query = WINDOW,
  options: { latest?: boolean; rawQuery?: string } = {},
): Promise<Point[]> {
  const id = options.latest ? 'analyticsLatest' : metricEndpoint(metric);
  const params = options.latest ? { metric } : undefined;
  let page = (await api.ok(id, {
    ...(params ? { params } : {}),
    query,
    ...(options.rawQuery ? { rawQuery: options.rawQuery } : {}),
  })) as { results: Point[]; next?: string | null };
  const points = [...page.results];
  for (let guard = 0; page.next; guard++) {
    expect(guard, `${metric}: too many pages`).toBeLessThan(1000);
    page = (await api.follow(id, page.next, params)) as { results: Point[]; next?: string | null };
    points.push(...page.results);
  }
  return points;
}

/** A point as a comparable string (data points carry no id). */
export function key(p: Point) {
  return JSON.stringify(p);
}

/** Groups by a key, keeping order. */
export function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = keyOf(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** Asserts the API's order on time (ties are ordered by the hidden id, checked with fixtures). */
export function expectTimeAscending(points: readonly Point[], what: string) {
  for (let i = 1; i < points.length; i++)
    if (points[i - 1]!.time > points[i]!.time)
      throw new Error(
        `${what}: ${points[i - 1]!.time} comes before ${points[i]!.time} (D14: time ascending)`,
      );
}

export interface AnalyticsWorld {
  server: RunningServer;
  /** Organization ids of the world, the default first. */
  orgIds: number[];
  /** Organization tokens by organization id. */
  orgApi: Map<number, Api>;
  /** The customer token: every organization of the customer. */
  customer: Api;
  anonymous: Api;
}

/**
 * The engine of the analytics suites: PGlite in memory, or with ANALYTICS_TEST_ENGINE=postgres a
 * temporary database on the server of TEST_DATABASE_URL (one per file, dropped afterwards).
 */
const onPostgres = process.env.ANALYTICS_TEST_ENGINE === 'postgres';
if (onPostgres && !testDatabaseUrl) throw new Error('ANALYTICS_TEST_ENGINE=postgres needs TEST_DATABASE_URL');

/**
 * Starts one server on a seeded world for the file (beforeAll) and closes it (afterAll). Rate
 * limits are off unless given: the suites read every metric many times.
 */
export function useAnalyticsWorld(
  options: { seed?: SeedOptions | false; analyticsPageSize?: number; limits?: RateLimits } & Pick<
    StartOptions,
    'tokens'
  > = {},
): AnalyticsWorld {
  const w = {} as AnalyticsWorld;
  const start = {
    seed: options.seed ?? { size: 'small' as const, now: WORLD_NOW },
    limits: options.limits ?? NO_LIMITS,
    ...(options.analyticsPageSize ? { analyticsPageSize: options.analyticsPageSize } : {}),
    ...(options.tokens ? { tokens: options.tokens } : {}),
  };
  useStartedServer(onPostgres ? 'postgres' : 'pglite', start, started, 'analytics_test');
  function started(server: RunningServer) {
    Object.assign(w, {
      server,
      orgIds: server.world.organizations.map((o) => o.id),
      orgApi: new Map(server.world.organizations.map((o) => [o.id, new Api(server.url, { token: o.token })])),
      customer: new Api(server.url, { token: server.world.customerToken }),
      anonymous: new Api(server.url, { token: null }),
    } satisfies AnalyticsWorld);
  }
  return w;
}

/** Every metric name the API serves, both spellings of the re-engage group forward included. */
export const METRICS: readonly AnalyticsMetric[] = ANALYTICS_METRIC_NAMES;

// The model's table serves every metric (a missing endpoint would make readAll fail obscurely).
for (const metric of METRICS)
  if (!(metricEndpoint(metric) in endpoints)) throw new Error(`no endpoint for ${metric}`);
