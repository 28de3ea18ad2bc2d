// Preloaded (node --import) into the reference server's own CLI when the bench measures it as users
// start it: answers the bench over IPC with the process's memory, CPU and the SQL statements sent,
// and stops the server as a signal does. Plain JavaScript, like server-worker.mjs: no TypeScript
// loader in the measured process. On the request path it adds one counter increment per statement.
//
// IPC protocol (bench -> server): mem, mark, stop. Replies: mem, mark.
import { pathToFileURL } from 'node:url';
import { countStatements, processFigures } from '../memory/process-figures.mjs';

// Counted at the driver the server loads itself: pg as resolved from the bin (process.argv[1]).
const sent = countStatements(pathToFileURL(process.argv[1]).href);
const send = (message) => process.send?.(message);

process.on('message', function answerBench(message) {
  if (message?.type === 'mem') send({ type: 'mem', ...processFigures(sent) });
  // The --cpu-prof clock (process.hrtime, microseconds): bounds the profile to a load window.
  else if (message?.type === 'mark') send({ type: 'mark', us: Number(process.hrtime.bigint() / 1000n) });
  // The CLI's own graceful shutdown: in-flight requests finish, the database closes, exit 0.
  else if (message?.type === 'stop') process.kill(process.pid, 'SIGTERM');
});
