import type { Db } from './engine/db.js';

/** Creates a note on a contact of the organization; null when there is no such contact. */
export function createNote(
  db: Db,
  organizationId: number,
  note: { contact_identity_id: number; operator_id: number | null; body: string },
): Promise<number | null> {
  return db.transaction(async (tx) => {
    // The contact first (lists.ts lockInOrder): the insert's trigger updates it (0005).
    const contact = await tx.query(
      'SELECT 1 FROM contact_identities WHERE organization_id = $1 AND id = $2 FOR NO KEY UPDATE',
      [organizationId, note.contact_identity_id],
    );
    if (!contact.length) return null;
    const rows = await tx.query<{ id: number }>(
      'INSERT INTO notes (organization_id, contact_identity_id, operator_id, body) VALUES ($1, $2, $3, $4) RETURNING id',
      [organizationId, note.contact_identity_id, note.operator_id, note.body],
    );
    return rows[0]!.id;
  });
}
