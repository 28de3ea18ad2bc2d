import { errorBodySchemaFor, RATE_LIMIT_HEADER_NAMES } from '@org/model';
import { describe, expect, it } from 'vitest';
import { type StartOptions, startServer } from '../../server.js';
import {
  createTemporaryDatabase,
  POSTGRES_SKIP_REASON,
  testDatabaseUrl,
} from '../../store/engine/temporary-database.js';
import { useServers } from '../../test-support/harness.js';
import { SANDBOX_SEED, type SandboxUnderTest, useSandbox } from '../../test-support/sandbox.js';

const H = RATE_LIMIT_HEADER_NAMES;
const V3 = '/api/um/v3';
/** A moment that is never the real one (no test reads the wall clock). */
const MOMENT = '2020-05-05T23:00:00.000000Z';

const putClock = (call: typeof fetch, body: unknown) =>
  call('/_sandbox/clock', { method: 'PUT', body: JSON.stringify(body) });
const clockOf = async (call: typeof fetch) => (await call('/_sandbox/clock')).json();

const firstContact = async (t: SandboxUnderTest) =>
  (await (await t.call(`${V3}/contact_identities/?limit=1&ordering=id`)).json()).results[0].id as number;

const suite = (engine: 'pglite' | 'postgres') => () => {
  // A daily limit below the burst limit: every answer's headers are the daily counter's.
  const t = useSandbox(engine, { limits: { daily: 20 } });

  it('PUT { now } sets the clock, where it stands; created and updated timestamps follow it', async () => {
    expect(await clockOf(t.call)).toMatchObject({ frozen: false });
    const set = await putClock(t.call, { now: '2020-05-06T01:00:00+02:00' });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ now: MOMENT, frozen: true });
    expect(await clockOf(t.call)).toEqual({ now: MOMENT, frozen: true });

    const contact = await firstContact(t);
    const note = await t.call(`${V3}/notes/`, {
      method: 'POST',
      body: JSON.stringify({ contact_identity_id: contact, body: 'Stamped' }),
    });
    expect(await note.json()).toMatchObject({ created_at: MOMENT, updated_at: MOMENT });
    const operator = (await (await t.call(`${V3}/operators/?limit=1`)).json()).results[0];
    const patched = await t.call(`${V3}/operators/${operator.id}/`, {
      method: 'PATCH',
      body: JSON.stringify({ name: 'Renamed' }),
    });
    expect(await patched.json()).toMatchObject({ updated_at: MOMENT, created_at: operator.created_at });
    const record = await t.call('/_sandbox/records/contact_identities', { method: 'POST', body: '{}' });
    expect(await record.json()).toMatchObject({ created_at: MOMENT });
  });

  it('PUT { advance } moves it by an ISO 8601 duration (calendar units in UTC); DELETE is real time again', async () => {
    await putClock(t.call, { now: '2024-01-31T10:00:00.123456Z' });
    expect(await (await putClock(t.call, { advance: 'PT1H30M' })).json()).toMatchObject({
      now: '2024-01-31T11:30:00.123456Z',
    });
    expect(await (await putClock(t.call, { advance: 'P1M' })).json()).toMatchObject({
      now: '2024-02-29T11:30:00.123456Z',
    });
    expect(await (await putClock(t.call, { advance: '-P1D' })).json()).toMatchObject({
      now: '2024-02-28T11:30:00.123456Z',
    });
    const deleted = await t.call('/_sandbox/clock', { method: 'DELETE' });
    expect(await deleted.json()).toMatchObject({ frozen: false });
  });

  it('bad clock bodies are a 400 naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ advance: '1h' }, 'advance'],
      [{ advance: 'P99999Y' }, 'advance'],
      [{ now: 'tomorrow' }, 'now'],
      [{ now: '2020-05-05T10:00:00' }, 'now'],
      [{ now: '0001-01-01T00:00:00Z' }, 'now'],
      [{ now: MOMENT, advance: 'PT1H' }, 'non_field_errors'],
      [{}, 'non_field_errors'],
      [{ when: MOMENT }, 'when'],
    ];
    for (const [body, field] of cases) {
      const response = await putClock(t.call, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(errorBodySchemaFor(400).parse(await response.json()).errors).toHaveProperty([field]);
    }
    expect((await clockOf(t.call)).frozen).toBe(false);
  });

  it('the daily rate-limit window is the UTC day of the clock', async () => {
    await putClock(t.call, { now: MOMENT });
    const first = await t.call(`${V3}/operators/`);
    // An hour to the end of the clock's day (it stands still: the figure is exact).
    expect(first.headers.get(H.reset)).toBe('3600');
    for (let i = 1; i < 20; i++) expect((await t.call(`${V3}/operators/`)).status).toBe(200);
    const throttled = await t.call(`${V3}/operators/`);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get(H.retryAfter)).toBe('3600');
    await putClock(t.call, { advance: 'PT1H' });
    const nextDay = await t.call(`${V3}/operators/`);
    expect(nextDay.status).toBe(200);
    expect(nextDay.headers.get(H.reset)).toBe('86400');
  });

  it('analytics requests without a date cover the clock’s day', async () => {
    await putClock(t.call, { now: MOMENT });
    const point = await t.call('/_sandbox/records/analytics/um_operator_status', {
      method: 'POST',
      body: '{}',
    });
    expect(await point.json()).toMatchObject({ time: '2020-05-05T23:00:00' });
    const today = await (await t.call('/api/um/v1/analytics/um_operator_status/')).json();
    expect(today.results).toHaveLength(1);
    await putClock(t.call, { advance: 'PT1H' });
    expect((await (await t.call('/api/um/v1/analytics/um_operator_status/')).json()).results).toEqual([]);
  });

  it('a reset returns the clock to real time', async () => {
    await putClock(t.call, { now: MOMENT });
    expect((await t.call('/_sandbox/reset', { method: 'POST' })).status).toBe(204);
    expect((await clockOf(t.call)).frozen).toBe(false);
  });
};

describe('sandbox clock [PGlite]', suite('pglite'));
describe.skipIf(!testDatabaseUrl)(
  `sandbox clock [PostgreSQL]${testDatabaseUrl ? '' : ` (${POSTGRES_SKIP_REASON})`}`,
  suite('postgres'),
);

describe.skipIf(!testDatabaseUrl)(
  `sandbox clock, two instances on one database${testDatabaseUrl ? '' : ` (${POSTGRES_SKIP_REASON})`}`,
  () => {
    let drop: (() => Promise<void>) | undefined;
    const servers = useServers(
      2,
      async (): Promise<StartOptions> => {
        const database = await createTemporaryDatabase(testDatabaseUrl!);
        drop = database.drop;
        // The world is seeded by one start, then both instances share it.
        await (await startServer({ databaseUrl: database.url, seed: SANDBOX_SEED, sandbox: true })).close();
        return { databaseUrl: database.url, seed: SANDBOX_SEED, sandbox: true, limits: { daily: 20 } };
      },
      () => drop?.() ?? Promise.resolve(),
    );
    const callOn = (i: number) => (input: string | URL | Request, init?: RequestInit) =>
      fetch(new URL(String(input), servers[i]!.url), {
        ...init,
        headers: {
          authorization: servers[i]!.world.organizations[0]!.token,
          'content-type': 'application/json',
          ...init?.headers,
        },
      });

    it('agree on the clock: set through one, read, stamped and counted by the other', async () => {
      const [a, b] = [callOn(0), callOn(1)];
      await a('/_sandbox/reset', { method: 'POST' });
      await putClock(a, { now: MOMENT });
      expect(await clockOf(b)).toEqual({ now: MOMENT, frozen: true });
      const contact = await b('/_sandbox/records/contact_identities', { method: 'POST', body: '{}' });
      expect(await contact.json()).toMatchObject({ created_at: MOMENT });
      // The other instance's own copy (rate-limit windows, analytics day) follows the notification.
      await expect
        .poll(async () => (await b(`${V3}/operators/`)).headers.get(H.reset), { timeout: 10_000 })
        .toBe('3600');

      await b('/_sandbox/clock', { method: 'DELETE' });
      expect((await clockOf(a)).frozen).toBe(false);
      await putClock(b, { now: MOMENT });
      await a('/_sandbox/reset', { method: 'POST' });
      expect((await clockOf(b)).frozen).toBe(false);
    });
  },
);
