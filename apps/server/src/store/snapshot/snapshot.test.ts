import { beforeAll, expect, it } from 'vitest';
import { ensureDemoWorld } from '../seed/demo-world.js';
import { hashDatabase } from '../test-support/dump-hash.js';
import { describeOnEachEngine, type TestDb, useTestDb } from '../test-support/test-databases.js';
import { dropSnapshot, hasSnapshot, restoreSnapshot, takeSnapshot } from './snapshot.js';

function snapshotSuite(open: () => Promise<TestDb>) {
  const db = useTestDb(open);
  let seeded: Awaited<ReturnType<typeof hashDatabase>>;
  beforeAll(async () => {
    await ensureDemoWorld(db, { size: 'tiny', seed: 3, now: '2026-01-01T12:00:00.000000Z' }, {});
    await takeSnapshot(db);
    seeded = await hashDatabase(db);
  });

  it('puts back inserted, updated, deleted (with cascades) and truncated rows, derived rows included', async () => {
    const [conversation] = await db.query<{ id: number; organization_id: number }>(
      'SELECT id, organization_id FROM conversations ORDER BY id LIMIT 1',
    );
    await db.query(
      `UPDATE contact_identities SET name = 'Changed' WHERE id = (SELECT min(id) FROM contact_identities)`,
    );
    await db.query('DELETE FROM conversations WHERE id = $1', [conversation!.id]);
    const [note] = await db.query<{ id: number }>(
      `INSERT INTO notes (organization_id, contact_identity_id, body)
       SELECT organization_id, id, 'new' FROM contact_identities ORDER BY id LIMIT 1 RETURNING id`,
    );
    await db.exec('TRUNCATE topics CASCADE');
    expect((await hashDatabase(db)).total).not.toBe(seeded.total);

    expect(await restoreSnapshot(db)).toBeGreaterThan(0);
    expect(await hashDatabase(db)).toEqual(seeded);

    // Ids start where the seeded world left them: the same insert gets the same id again.
    const [again] = await db.query<{ id: number }>(
      `INSERT INTO notes (organization_id, contact_identity_id, body)
       SELECT organization_id, id, 'new' FROM contact_identities ORDER BY id LIMIT 1 RETURNING id`,
    );
    expect(again!.id).toBe(note!.id);
    await restoreSnapshot(db);
    expect(await hashDatabase(db)).toEqual(seeded);
  });

  it('puts back nothing when nothing changed, and records nothing while restoring', async () => {
    expect(await restoreSnapshot(db)).toBe(0);
    expect(await db.query('SELECT 1 FROM sandbox.changed')).toEqual([]);
  });

  it('is taken again when the migrations changed since (its copies would no longer fit)', async () => {
    await db.query(`UPDATE sandbox.meta SET schema_version = 'older'`);
    await db.query(
      `UPDATE contact_identities SET name = 'Kept' WHERE id = (SELECT min(id) FROM contact_identities)`,
    );
    await takeSnapshot(db);
    expect(await db.query(`SELECT schema_version FROM sandbox.meta`)).not.toEqual([
      { schema_version: 'older' },
    ]);
    // The new snapshot is the rows as they were at that start.
    await restoreSnapshot(db);
    const [row] = await db.query<{ name: string }>(
      'SELECT name FROM contact_identities WHERE id = (SELECT min(id) FROM contact_identities)',
    );
    expect(row!.name).toBe('Kept');
  });

  it('is dropped with its triggers: writes are no longer recorded', async () => {
    await dropSnapshot(db);
    expect(await hasSnapshot(db)).toBe(false);
    await db.query(
      `UPDATE contact_identities SET name = 'Changed' WHERE id = (SELECT min(id) FROM contact_identities)`,
    );
    const triggers = await db.query(`SELECT 1 FROM pg_trigger WHERE tgname LIKE 'sandbox_%'`);
    expect(triggers).toEqual([]);
  });
}

describeOnEachEngine('sandbox snapshot', snapshotSuite);
