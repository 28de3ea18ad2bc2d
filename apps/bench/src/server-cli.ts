import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';

/**
 * The reference server's bin as its package declares it (`bin.reference-server`): the file a team's
 * `reference-server` runs, so the bench starts the server as users do.
 */
export const SERVER_BIN = (() => {
  const manifest = createRequire(import.meta.url).resolve('@org/reference-server/package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> };
  return path.resolve(path.dirname(manifest), bin['reference-server']!);
})();

/** A port the OS just handed out (a random one could be an outgoing connection's). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
