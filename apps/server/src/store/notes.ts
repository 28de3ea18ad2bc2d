import type { Note } from '@org/model';
import { type JsonText, jsonText } from '../core/json.js';
import { renderNote } from '../core/render.js';
import type { Db } from './engine/db.js';

/**
 * One autocommit statement (one round trip, no connection held through a transaction, where BEGIN,
 * lock, INSERT, COMMIT and a read took five): lock the contact (lists.ts lockInOrder: the insert's
 * trigger updates it, 0005), insert the note only when the contact is in the organization, and
 * answer the row as written. A CTE runs before the INSERT that reads it, so the lock comes first.
 */
const CREATE_NOTE_SQL = `
WITH contact AS (
  SELECT organization_id, id FROM contact_identities
   WHERE organization_id = $1 AND id = $2 FOR NO KEY UPDATE
)
INSERT INTO notes (organization_id, contact_identity_id, operator_id, body)
SELECT organization_id, id, $3, $4 FROM contact
RETURNING *`;

/** Creates a note on a contact of the organization and answers it; null when there is no such contact. */
export async function createNote(
  db: Db,
  organizationId: number,
  note: { contact_identity_id: number; operator_id: number | null; body: string },
): Promise<JsonText<Note> | null> {
  const [row] = await db.queryPrepared<Record<string, any>>(CREATE_NOTE_SQL, [
    organizationId,
    note.contact_identity_id,
    note.operator_id,
    note.body,
  ]);
  return row ? jsonText(renderNote(row)) : null;
}
