import { parentPort, workerData } from 'node:worker_threads';
import { type StartOptions, startServer } from './server.js';

/**
 * One server of the pool (server-pool.ts), in a thread of its own so that the workers' servers run
 * side by side, as they do when each test file starts its own. It posts the server's address and
 * world once listening (or the error that stopped the start), and closes it when asked.
 */
async function serveInThread(port: NonNullable<typeof parentPort>, options: StartOptions) {
  try {
    const server = await startServer(options);
    port.once('message', async function closeServer() {
      await server.close();
      port.close();
    });
    port.postMessage({ url: server.url, world: server.world });
  } catch (error) {
    port.postMessage({ error: String((error as Error)?.stack ?? error) });
    port.close();
  }
}

if (parentPort) void serveInThread(parentPort, workerData as StartOptions);
