import type { StateTable } from '@org/model';
import type { Db } from '../../store/engine/db.js';

/**
 * What the sandbox's provider states (sandbox/provider-states.ts, the catalogue of @org/model) read and
 * write beyond the fixtures: which organization holds an id, and an organization without
 * conversations. Every SQL statement lives in a store folder (docs/architecture.md).
 */

/** The tables a provider state can name an id of (the model's registry: resources with an `exists` state). */
export type { StateTable };

/** The organization the record with that id belongs to; undefined when no record has it. */
export async function organizationHolding(db: Db, table: StateTable, id: number) {
  return (
    await db.query<{ organization_id: number }>(`SELECT organization_id FROM ${table} WHERE id = $1`, [id])
  )[0]?.organization_id;
}

/** Deletes every conversation of the organization (their messages, parts and topic links go with them). */
export function dropConversationsOf(db: Db, organizationId: number) {
  return db.query('DELETE FROM conversations WHERE organization_id = $1', [organizationId]);
}
