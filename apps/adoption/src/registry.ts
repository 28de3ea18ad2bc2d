// A real npm registry for the release test: Verdaccio, in this process, on a free 127.0.0.1 port,
// storing into a throwaway folder. It holds only what the test publishes (@org/*): consumer
// projects take @org from it through a scoped registry line and every other package from the
// public registry, as a team with a private registry does.
import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { runServer } from 'verdaccio';

export interface LocalRegistry {
  /** e.g. http://127.0.0.1:41179/ (with the trailing slash npm writes in its config). */
  readonly url: string;
  /** A publisher's token, created by `npm adduser`'s request. */
  readonly token: string;
  /** The `.npmrc` lines a consumer project needs: @org from this registry. */
  readonly scopeConfig: string;
  /** The `.npmrc` lines a publisher needs: the scope and the token. */
  readonly publishConfig: string;
  close(): Promise<void>;
}

const SCOPE = '@org';
const PUBLISHER = { name: 'release-test', password: 'release-test-password' };

/** Verdaccio's configuration: nothing proxied, anyone reads, a registered user publishes. */
const configFor = (folder: string) => ({
  self_path: folder,
  storage: join(folder, 'storage'),
  auth: { htpasswd: { file: join(folder, 'htpasswd'), max_users: 10 } },
  uplinks: {},
  packages: {
    [`${SCOPE}/*`]: { access: '$all', publish: '$authenticated', unpublish: '$authenticated' },
    '**': { access: '$all', publish: '$authenticated' },
  },
  // The server's own request lines would bury the test's output.
  log: { type: 'stdout', format: 'pretty', level: 'error' },
  // Tarballs up to the reference server's size and more (Verdaccio's default is 10 MB).
  max_body_size: '100mb',
});

/** Registers the publisher as `npm adduser` does and returns its token. */
async function registerPublisher(url: string): Promise<string> {
  const response = await fetch(new URL(`-/user/org.couchdb.user:${PUBLISHER.name}`, url), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...PUBLISHER, type: 'user', roles: [], date: new Date().toISOString() }),
  });
  const body = (await response.json()) as { token?: string };
  if (response.status !== 201 || !body.token)
    throw new Error(`the local registry refused the publisher: ${response.status} ${JSON.stringify(body)}`);
  return body.token;
}

/** Starts Verdaccio with its storage in `folder` (created), on a port the OS hands out. */
export async function startRegistry(folder: string): Promise<LocalRegistry> {
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'htpasswd'), '');
  const app = await runServer(configFor(folder) as unknown as Parameters<typeof runServer>[0]);
  const server = await new Promise<import('node:http').Server>((resolve, reject) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    listening.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/`;
  const token = await registerPublisher(url).catch(async (error: unknown) => {
    server.close();
    throw error;
  });
  const scopeConfig = `${SCOPE}:registry=${url}\n`;
  return {
    url,
    token,
    scopeConfig,
    publishConfig: `${scopeConfig}//127.0.0.1:${port}/:_authToken=${token}\n`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
