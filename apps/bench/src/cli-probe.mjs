// Preloaded (node --import) into the reference server's own CLI when the bench measures it as users
// start it: answers the bench over IPC with the process's memory, CPU and the SQL statements sent,
// and stops the server as a signal does. Plain JavaScript, like server-proc.mjs: no TypeScript
// loader in the measured process. On the request path it adds one counter increment per statement.
//
// IPC protocol (bench -> server): mem, mark, stop. Replies: mem, mark.
import { createRequire } from 'node:module';

// SQL statements sent to PostgreSQL, counted at the driver the CLI (process.argv[1]) loads itself.
let statements = 0;
try {
  const pg = createRequire(process.argv[1])('pg');
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function countedQuery(...args) {
    statements++;
    return query.apply(this, args);
  };
} catch {
  statements = Number.NaN;
}

const send = (message) => process.send?.(message);

const memory = () => {
  const usage = process.memoryUsage();
  const cpu = process.cpuUsage();
  return {
    rss: usage.rss,
    heapUsed: usage.heapUsed,
    heapTotal: usage.heapTotal,
    arrayBuffers: usage.arrayBuffers,
    maxRss: process.resourceUsage().maxRSS * 1024,
    cpuUserUs: cpu.user,
    cpuSystemUs: cpu.system,
    statements,
  };
};

process.on('message', function answerBench(message) {
  if (message?.type === 'mem') send({ type: 'mem', ...memory() });
  // The --cpu-prof clock (process.hrtime, microseconds): bounds the profile to a load window.
  else if (message?.type === 'mark') send({ type: 'mark', us: Number(process.hrtime.bigint() / 1000n) });
  // The CLI's own graceful shutdown: in-flight requests finish, the database closes, exit 0.
  else if (message?.type === 'stop') process.kill(process.pid, 'SIGTERM');
});
