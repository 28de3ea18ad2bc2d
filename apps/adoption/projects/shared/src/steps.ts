// The script's steps, each reported as one line `ADOPTION {"step", "ok", "detail"}` on stdout, so
// the harness (apps/adoption) shows every step as its own test result. A failing step does not stop
// the independent ones.
import { join } from 'node:path';
import { createClient } from '@org/client';
import { useTheApi } from './calls.js';
import { parseWithMini } from './mini.js';
import { writeConsumerPact, writeSandboxPact } from './pact.js';

/** What the script needs of a started reference server. */
export interface Provider {
  readonly url: string;
  readonly organizationId: number;
  readonly token: string;
  close(): Promise<void>;
}

/** The script's view of a reference server as `startServer()` answers it: its first organization. */
export function providerOf(server: {
  readonly url: string;
  readonly world: { readonly organizations: readonly { readonly id: number; readonly token: string }[] };
  close(): Promise<void>;
}): Provider {
  const organization = server.world.organizations[0]!;
  return { url: server.url, organizationId: organization.id, token: organization.token, close: server.close };
}

export interface Sides {
  /** Starts the reference server (tiny world, free port). */
  startProvider(): Promise<Provider>;
  /** Verifies the pacts of a directory; rejects on any mismatch. */
  verify(pactDir: string): Promise<unknown>;
}

const report = (step: string, ok: boolean, detail: unknown, since: number) =>
  process.stdout.write(
    `ADOPTION ${JSON.stringify({ step, ok, detail, ms: Math.round(performance.now() - since) })}\n`,
  );

const describe = (error: unknown) =>
  error instanceof Error ? (error.stack ?? error.message) : String(error);

/**
 * Runs a step; `tries` > 1 runs it again after a failure, telling stderr why. The pact steps take
 * two: on a busy machine Pact's mock server (in this process) now and then reports "expected but
 * not received" for a request the client did send, once in several runs.
 */
const attempt = async <T>(step: string, run: () => Promise<T>, tries = 1): Promise<T | undefined> => {
  const since = performance.now();
  try {
    const detail = await run().catch(async (error: unknown) => {
      if (tries <= 1) throw error;
      process.stderr.write(`ADOPTION ${step}: trying again after: ${describe(error)}\n`);
      return run();
    });
    report(step, true, detail, since);
    return detail;
  } catch (error) {
    report(step, false, describe(error), since);
    process.exitCode = 1;
    return undefined;
  }
};

/** The getting-started line as a team writes it: it compiles under exactOptionalPropertyTypes. */
export function clientFromEnvironment(baseUrl: string) {
  return createClient({ baseUrl, token: process.env.TOKEN });
}

export async function runSteps(consumer: string, sides: Sides): Promise<void> {
  await attempt('mini', async () => parseWithMini());
  const provider = await attempt('server', () => sides.startProvider());
  if (provider) {
    const client = createClient({ baseUrl: provider.url, token: provider.token, validateResponses: true });
    await attempt('calls', () => useTheApi(client, provider.organizationId));
    await provider.close();
  }
  const pactDir = join(process.cwd(), 'pacts');
  await attempt('sandbox-pact', () => writeSandboxPact(consumer, join(process.cwd(), 'pacts-sandbox')), 2);
  const written = await attempt('pact', () => writeConsumerPact(consumer, pactDir), 2);
  if (written === undefined) return;
  await attempt('verify', async () => {
    await sides.verify(pactDir);
    return 'verified';
  });
}
