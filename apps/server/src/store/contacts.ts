import type { ContactIdentifier, ContactIdentity, ContactUpsert, contactFilters } from '@org/model';
import type { z } from 'zod';
import { type JsonText, jsonText } from '../core/json.js';
import { renderContact } from '../core/render.js';
import type { Db } from './engine/db.js';
import { addSearch, type Conditions, conditionsApplier, Params, type Selection } from './sql.js';

/** The filters of the contact filters table, as the model parses them. */
type ModelContactFilters = z.output<z.ZodObject<typeof contactFilters>>;

/** The filters of the contact list, all and bulk delete endpoints: the model's table, exclude_ids, search. */
export type ContactFilters = ModelContactFilters & {
  exclude_ids?: number[] | undefined;
  /** The resolved search (SearchQueries.of of search_query); undefined: no search. */
  search_tsquery?: string | null | undefined;
};

/** The WHERE condition of every model filter (alias c); exhaustive, like CONVERSATION_CONDITIONS. */
export const CONTACT_CONDITIONS: Conditions<ModelContactFilters> = {
  id: (v, p) => `c.id = ${p.add(v)}`,
  email: (v, p) => `c.email = ${p.add(v)}`,
  name: (v, p) => `c.name = ${p.add(v)}`,
  // "Active" = the contact's last message (json-api-v3, contact filters: "contacts active before / after").
  from_date_time: (v, p) => `c.last_message_sent_at >= ${p.add(v.toISOString())}::timestamptz`,
  to_date_time: (v, p) => `c.last_message_sent_at <= ${p.add(v.toISOString())}::timestamptz`,
  verified: (v, p) => `c.verified = ${p.add(v)}`,
  locale: (v, p) => `c.locale = ${p.add(v)}`,
};
const conditionsOf = conditionsApplier(CONTACT_CONDITIONS);

/** The contacts of one organization matching the filters (AND-combined). */
export function contactSelection(organizationId: number, f: ContactFilters): Selection {
  const p = new Params();
  const where = [`c.organization_id = ${p.add(organizationId)}`, ...conditionsOf(f, p)];
  if (f.exclude_ids?.length) where.push(`NOT (c.id = ANY (${p.add(f.exclude_ids)}::int[]))`);
  const sel: Selection = { from: 'contact_identities c', alias: 'c', where, params: p };
  addSearch(sel, f.search_tsquery);
  return sel;
}

export async function renderContacts(db: Db, ids: number[]): Promise<Map<number, JsonText<ContactIdentity>>> {
  const rows = await db.query<Record<string, any>>(
    `SELECT c.*, (SELECT count(*)::int FROM conversations v
                   WHERE v.organization_id = c.organization_id AND v.contact_identity_id = c.id) AS conversation_count
       FROM contact_identities c WHERE c.id = ANY ($1::int[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id as number, jsonText(renderContact(r))]));
}

export async function contactJson(
  db: Db,
  organizationId: number,
  id: number,
): Promise<JsonText<ContactIdentity> | null> {
  const rows = await db.query<{ id: number }>(
    'SELECT id FROM contact_identities WHERE organization_id = $1 AND id = $2',
    [organizationId, id],
  );
  return rows[0] ? ((await renderContacts(db, [id])).get(id) ?? null) : null;
}

/** SET clause of the given fields (names come from the model's PATCH schema, values as parameters). */
function assignments(fields: Record<string, unknown>, p: Params) {
  return Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k} = ${p.add(v)}`);
}

export async function updateContact(
  db: Db,
  organizationId: number,
  id: number,
  fields: Record<string, unknown>,
) {
  const p = new Params();
  const set = [...assignments(fields, p), 'updated_at = um_now()'];
  const rows = await db.query<{ id: number }>(
    `UPDATE contact_identities SET ${set.join(', ')} WHERE organization_id = ${p.add(organizationId)} AND id = ${p.add(id)} RETURNING id`,
    p.values,
  );
  return rows.length > 0;
}

/**
 * D10: update the contact whose identifier field has the value, or create one; true when created.
 * A match among `excludedIds` (Common rule 6) is left untouched; the handler answers 404 for it (D9).
 */
export function upsertContact(
  db: Db,
  organizationId: number,
  identifier: ContactIdentifier,
  body: ContactUpsert,
  excludedIds: number[] = [],
) {
  return db.transaction(async (tx) => {
    const value = body[identifier];
    // Serialise upserts of the same identifier value, so two concurrent PUTs create one contact.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
      `${organizationId}:${identifier}:${value}`,
    ]);
    const existing = await tx.query<{ id: number }>(
      `SELECT id FROM contact_identities WHERE organization_id = $1 AND ${identifier} = $2 ORDER BY id LIMIT 1`,
      [organizationId, value],
    );
    if (existing[0]) {
      if (excludedIds.includes(existing[0].id)) return { id: existing[0].id, created: false };
      await updateContact(tx, organizationId, existing[0].id, body);
      return { id: existing[0].id, created: false };
    }
    const p = new Params();
    const fields = Object.entries(body).filter(([, v]) => v !== undefined);
    const columns = ['organization_id', ...fields.map(([k]) => k)];
    const values = [p.add(organizationId), ...fields.map(([, v]) => p.add(v))];
    const rows = await tx.query<{ id: number }>(
      `INSERT INTO contact_identities (${columns.join(', ')}, contact_uuids) VALUES (${values.join(', ')}, ARRAY[gen_random_uuid()])
       RETURNING id`,
      p.values,
    );
    return { id: rows[0]!.id, created: true };
  });
}
