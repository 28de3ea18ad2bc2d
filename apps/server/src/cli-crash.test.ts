import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { WORLD_TABLES } from '@org/demo-world';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './store/engine/db.js';
import { openPostgresDb } from './store/engine/postgres-db.js';
import {
  createTemporaryDatabase,
  POSTGRES_SKIP_REASON,
  type TemporaryDatabase,
  testDatabaseUrl,
} from './store/engine/temporary-database.js';
import {
  advisoryLockHeld,
  contactsNotFound,
  notesStartingWith,
  tableCounts,
} from './store/test-support/test-states.js';

const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
/** The advisory lock held while the demo world is seeded (store/seed/demo-world.ts). */
const SEED_LOCK_KEY = 72_010_004;

interface Summary {
  url: string;
  organizations: Array<{ id: number; token: string }>;
}

/** The built CLI on a database; `summary` resolves with its JSON line once it serves. */
const launch = (databaseUrl: string) => {
  const child = spawn(
    process.execPath,
    [CLI, '--database-url', databaseUrl, '--port', '0', '--json', '--size', 'tiny'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const summary = new Promise<Summary>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line)));
    child.once('exit', (code, signal) => reject(new Error(`CLI exited (${code ?? signal}): ${stderr}`)));
  });
  summary.catch(() => undefined);
  return { child, summary };
};

const kill9 = async (child: ChildProcess) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
};

/** Row counts of every table the demo world fills. */
const worldCounts = (db: Db) =>
  tableCounts(
    db,
    WORLD_TABLES.map(([table]) => table),
  );

/**
 * kill -9 of the server while it seeds and in the middle of a burst of writes: a start on the same
 * database afterwards finds a complete world (the seed is one transaction under an advisory lock)
 * and every write that was acknowledged (each is committed before its answer).
 */
describe.skipIf(!testDatabaseUrl)(
  `the CLI killed with SIGKILL${testDatabaseUrl ? '' : ` (${POSTGRES_SKIP_REASON})`}`,
  () => {
    const databases: TemporaryDatabase[] = [];
    const children: ChildProcess[] = [];
    const dbs: Db[] = [];
    const database = async () => {
      const created = await createTemporaryDatabase(testDatabaseUrl!, 'crash_test');
      databases.push(created);
      const db = await openPostgresDb(created.url, { maxConnections: 2 });
      dbs.push(db);
      return { url: created.url, db };
    };
    const start = (url: string) => {
      const started = launch(url);
      children.push(started.child);
      return started;
    };
    afterAll(async () => {
      await Promise.all(children.map(kill9));
      await Promise.all(dbs.map((db) => db.close()));
      await Promise.all(databases.map((d) => d.drop()));
    });

    /**
     * A clean start on a new database, once for the file: the first test compares its world with
     * the counts read here, the second writes its burst to it. Read before any test runs, the
     * counts are the clean seed's whatever the second test writes.
     */
    let clean: {
      url: string;
      db: Db;
      started: ReturnType<typeof start>;
      summary: Summary;
      counts: Awaited<ReturnType<typeof worldCounts>>;
    };
    beforeAll(async () => {
      const { url, db } = await database();
      const started = start(url);
      const summary = await started.summary;
      clean = { url, db, started, summary, counts: await worldCounts(db) };
    });

    it('killed while seeding: the next start seeds a complete world (same counts as a clean seed)', async () => {
      const crashed = await database();
      const first = start(crashed.url);
      // Kill it while it holds the seed lock, i.e. in the middle of the seeding transaction.
      let seeding = false;
      for (let i = 0; i < 2_000 && !seeding; i++) {
        seeding = await advisoryLockHeld(crashed.db, SEED_LOCK_KEY);
        if (!seeding) await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect(seeding).toBe(true);
      await kill9(first.child);
      // Nothing of the world was committed.
      expect((await tableCounts(crashed.db, ['customers'])).customers).toBe(0);

      const second = start(crashed.url);
      const summary = await second.summary;
      const contacts = await fetch(`${summary.url}/api/um/v3/contact_identities/`, {
        headers: { Authorization: summary.organizations[0]!.token },
      });
      expect(contacts.status).toBe(200);
      await kill9(second.child);

      expect(await worldCounts(crashed.db)).toEqual(clean.counts);
    });

    it('killed during a burst of writes: every acknowledged note is there after a restart', async () => {
      const { url, db, started: first, summary } = clean;
      const headers = { Authorization: summary.organizations[0]!.token, 'Content-Type': 'application/json' };
      const contacts = (await (
        await fetch(`${summary.url}/api/um/v3/contact_identities/?limit=5`, { headers })
      ).json()) as { results: Array<{ id: number }> };
      const acknowledged: Array<{ id: number; body: string }> = [];
      let sent = 0;
      // 50 notes, 5 at a time; the server is killed once 20 are acknowledged.
      const stream = async (lane: number) => {
        for (let i = lane; i < 50; i += 5) {
          const body = `Burst note ${i}`;
          sent++;
          try {
            const response = await fetch(`${summary.url}/api/um/v3/notes/`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ contact_identity_id: contacts.results[i % 5]!.id, body }),
            });
            if (response.status !== 201) continue;
            acknowledged.push({ id: ((await response.json()) as { id: number }).id, body });
            if (acknowledged.length === 20) await kill9(first.child);
          } catch {
            return; // the server is gone
          }
        }
      };
      await Promise.all([0, 1, 2, 3, 4].map(stream));
      expect(acknowledged.length).toBeGreaterThanOrEqual(20);
      expect(first.child.signalCode).toBe('SIGKILL');

      const second = start(url);
      const restarted = await second.summary;
      for (const note of acknowledged) {
        const response = await fetch(`${restarted.url}/api/um/v3/notes/${note.id}/`, { headers });
        expect(response.status, `note ${note.id}`).toBe(200);
        expect(((await response.json()) as { body: string }).body).toBe(note.body);
      }
      // No torn write: every note that was committed is whole (renders, searchable on its contact).
      const stored = await notesStartingWith(db, 'Burst note ');
      expect(stored.length).toBeGreaterThanOrEqual(acknowledged.length);
      expect(stored.length).toBeLessThanOrEqual(sent);
      for (const note of stored) {
        const response = await fetch(`${restarted.url}/api/um/v3/notes/${note.id}/`, { headers });
        expect(response.status).toBe(200);
      }
      const searchable = await contactsNotFound(
        db,
        [...new Set(stored.map((n) => n.contact_identity_id))],
        'burst',
      );
      expect(searchable).toEqual([]);
      await kill9(second.child);
    });
  },
);
