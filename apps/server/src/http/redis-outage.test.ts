import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { RATE_LIMIT_HEADER_NAMES as H } from '@org/model';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server.js';
import { Api } from '../test-support/api.js';
import { useServers } from '../test-support/harness.js';

const LIMIT = 1_000;

/** A free TCP port: bound by the system, then released for the Redis server of this file. */
const freePort = async (): Promise<number> => {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as net.AddressInfo).port;
  server.close();
  await once(server, 'close');
  return port;
};

/** Whether a Redis server answers PING on the port. */
const answersPing = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });

/** Polls `condition` every 50 ms, at most `tries` times. */
const eventually = async (condition: () => Promise<boolean> | boolean, tries = 200) => {
  for (let i = 0; i < tries; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('condition not reached');
};

/** A Redis server of this test file alone (the machine's shared one is never stopped). */
const ownRedis = () => {
  let child: ChildProcess | undefined;
  let port = 0;
  return {
    get url() {
      return `redis://127.0.0.1:${port}`;
    },
    async start() {
      port ||= await freePort();
      child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      await eventually(() => answersPing(port));
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = once(running, 'exit');
      running.kill('SIGTERM');
      await exited;
    },
  };
};

/**
 * While Redis is down, rate limiting falls back to per-instance counters, so the server keeps
 * serving rather than failing closed (requests succeed, with rate-limit headers, and a warning is
 * emitted); once Redis is back both instances share its counters again.
 */
describe('rate limits while Redis is down', () => {
  const redis = ownRedis();
  const warnings: Array<{ name: string; code?: string }> = [];
  const onWarning = (warning: Error & { code?: string }) => warnings.push(warning);
  process.on('warning', onWarning);
  afterAll(() => {
    process.off('warning', onWarning);
  });
  const servers = useServers(
    2,
    async () => {
      await redis.start();
      return {
        memory: true,
        redisUrl: redis.url,
        limits: { daily: LIMIT, burst: { requests: LIMIT, windowSeconds: 10 }, analyticsPerMinute: LIMIT },
      };
    },
    () => redis.stop(),
  );

  it('serves with per-instance counters while Redis is down, and shares Redis again once it is back', async () => {
    const [a, b] = (servers as RunningServer[]).map(
      (s) => new Api(s.url, { token: s.world.organizations[0]!.token }),
    ) as [Api, Api];
    const remaining = async (api: Api) => {
      const response = await api.call('listContacts');
      expect(response.status).toBe(200);
      for (const header of [H.limit, H.remaining, H.reset]) expect(response.headers.get(header)).toBeTruthy();
      return Number(response.headers.get(H.remaining));
    };
    const codes = (code: string) => warnings.filter((w) => w.code === code).length;

    // Shared: the second instance sees the first one's request.
    expect([await remaining(a), await remaining(b)]).toEqual([LIMIT - 1, LIMIT - 2]);

    await redis.stop();
    // Each instance counts alone now: both start from their own first request.
    expect([await remaining(a), await remaining(b)]).toEqual([LIMIT - 1, LIMIT - 1]);
    expect([await remaining(a), await remaining(b)]).toEqual([LIMIT - 2, LIMIT - 2]);
    expect(codes('UM_REDIS_UNAVAILABLE')).toBe(2);

    await redis.start();
    await eventually(() => codes('UM_REDIS_RESTORED') === 2);
    // The new Redis is empty: counting starts again there, shared by both instances.
    expect([await remaining(a), await remaining(b), await remaining(a)]).toEqual([
      LIMIT - 1,
      LIMIT - 2,
      LIMIT - 3,
    ]);
  });
});
