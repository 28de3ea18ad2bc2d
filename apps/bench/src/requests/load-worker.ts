// The load generator's process: runs autocannon jobs sent by the bench over IPC, one at a time.
import { LIMITS } from '@org/model';
import autocannon, { type RawRequest } from 'autocannon';
import { assertLoopback, type LoadJob, type LoadResult } from './load-generator.js';

const run = async (job: LoadJob): Promise<LoadResult> => {
  assertLoopback(job.url);
  const list = job.requests.map((r) => ({
    method: r.method,
    path: r.path,
    headers: {
      ...job.headers,
      ...r.headers,
      ...(r.body !== undefined && !job.asRecorded ? { 'content-type': 'application/json' } : {}),
    },
    ...(r.body !== undefined ? { body: r.body } : {}),
  }));
  // One counter shared by all connections: consecutive requests go to different URLs, so the
  // connections never walk the list in lockstep and no per-URL cache sees a burst of repeats.
  let next = 0;
  const setupRequest = (request: RawRequest): RawRequest => {
    const pick = list[next++ % list.length]!;
    request.method = pick.method;
    request.path = pick.path;
    request.headers = { ...pick.headers };
    request.body = pick.body ?? '';
    return request;
  };
  const cpuBefore = process.cpuUsage();
  const result = await autocannon({
    url: job.url,
    connections: job.connections,
    duration: job.duration,
    timeout: 30,
    // A connection is reopened after the requests the server answers on one (D27; the last answer
    // says Connection: close, which autocannon ignores: the server then closes the connection and
    // the request sent on it counts as an error).
    reconnectRate: LIMITS.maxRequestsPerConnection,
    requests: [{ setupRequest }],
  });
  const cpu = process.cpuUsage(cpuBefore);
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {}))
    statusCodes[code] = Number(count);
  const total = Object.values(statusCodes).reduce((a, b) => a + b, 0);
  return {
    rps: total / (result.duration || job.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    meanLatency: result.latency.average,
    requests: total,
    sent: Number((result.requests as { sent?: number }).sent ?? total),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
    bytesPerSecond: result.throughput.average,
    loadCpuUs: cpu.user + cpu.system,
  };
};

process.on('message', (message: { type: string; job?: LoadJob }) => {
  if (message.type === 'stop') process.exit(0);
  if (message.type === 'run' && message.job)
    run(message.job).then(
      (result) => process.send!({ type: 'result', result }),
      (error: unknown) => process.send!({ type: 'error', message: String((error as Error)?.stack ?? error) }),
    );
});
process.on('disconnect', () => process.exit(0));
