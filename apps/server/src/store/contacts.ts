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

/** The contact columns with the conversation_count the API form adds (renderContacts' columns). */
const CONVERSATION_COUNT_OF_W = `(SELECT count(*)::int FROM conversations v
   WHERE v.organization_id = w.organization_id AND v.contact_identity_id = w.id) AS conversation_count`;

/**
 * Update the contact whose identifier field has the value, or create one; answers it (with
 * `created` true when created). A match among `excludedIds` (Common rule 6) is left untouched and
 * answered without a contact; the handler answers 404 for it, as for any excluded id.
 *
 * One autocommit statement (one round trip, where a transaction took seven statements):
 * contact_matching_after_lock (0025) serialises upserts of the same identifier value, so two
 * concurrent PUTs create one contact, and finds the match after the lock; then the UPDATE or the
 * INSERT, and the row as written. A match created by the PUT this one waited for is one this
 * statement's snapshot cannot update: it runs again, and then can.
 */
export async function upsertContact(
  db: Db,
  organizationId: number,
  identifier: ContactIdentifier,
  body: ContactUpsert,
  excludedIds: number[] = [],
): Promise<{
  id: number;
  created: boolean;
  json: JsonText<ContactIdentity> | null;
}> {
  const p = new Params();
  const org = p.add(organizationId);
  const match = `contact_matching_after_lock(${org}, ${p.add(identifier)}, ${p.add(body[identifier])})`;
  const excluded = p.add(excludedIds);
  const fields = Object.entries(body).filter(([, v]) => v !== undefined);
  const set = [...assignments(Object.fromEntries(fields), p), 'updated_at = um_now()'];
  // The INSERT reads the values typed as the table's columns (a parameter in a SELECT has no type).
  const columns = fields.map(([k]) => k).join(', ');
  const sql = `
WITH target AS (SELECT ${match} AS id),
updated AS (
  UPDATE contact_identities c SET ${set.join(', ')} FROM target
   WHERE c.organization_id = ${org} AND c.id = target.id AND NOT (c.id = ANY (${excluded}::int[]))
  RETURNING c.*
), inserted AS (
  INSERT INTO contact_identities (organization_id, ${columns}, contact_uuids)
  SELECT ${org}, ${fields.map(([k]) => `b.${k}`).join(', ')}, ARRAY[gen_random_uuid()]
    FROM target, jsonb_populate_record(NULL::contact_identities, ${p.add(JSON.stringify(body))}::jsonb) AS b
   WHERE target.id IS NULL
  RETURNING *
), written AS (SELECT * FROM updated UNION ALL SELECT * FROM inserted)
SELECT (SELECT id FROM target) AS matched, EXISTS (SELECT FROM inserted) AS created, w.*, ${CONVERSATION_COUNT_OF_W}
FROM (SELECT) AS one LEFT JOIN written w ON true`;
  for (let attempt = 1; ; attempt++) {
    const [row] = await db.query<Record<string, any>>(sql, p.values);
    const matched = row?.matched as number | null;
    if (row?.id != null)
      return {
        id: row.id as number,
        created: row.created as boolean,
        json: jsonText(renderContact(row)),
      };
    if (matched != null && excludedIds.includes(matched)) return { id: matched, created: false, json: null };
    // Matched a contact created after this statement's snapshot (see above), or deleted meanwhile.
    if (attempt >= UPSERT_ATTEMPTS) return { id: matched ?? 0, created: false, json: null };
  }
}

/** Runs of the upsert statement before a match it cannot see counts as deleted (a 404). */
const UPSERT_ATTEMPTS = 3;
