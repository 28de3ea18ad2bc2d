import type { Db } from '../db/db.js';

/** A row of a page: which record, at which version. */
export interface FragmentRow {
  id: number;
  version: number;
}

export interface FragmentTable {
  name: string;
  /** The integer key the rows are identified by (messages: sequence within a conversation). */
  idColumn?: string;
  /** An extra equality that, with idColumn, identifies a row (messages: the conversation). */
  scope?: { column: string; value: number };
}

/**
 * Each record's JSON is rendered once (DESIGN section 9) and kept twice: in rendered_json, shared by
 * every instance, and as bytes in this process, keyed by record and version. A page query reads only
 * ids and versions; a page is the cached bytes joined. A write bumps the version, so a stale copy is
 * never served, whichever instance wrote.
 */
export class FragmentCache {
  private readonly entries = new Map<string, { version: number; bytes: Buffer }>();
  private size = 0;
  constructor(private readonly maxBytes = 128 * 1024 * 1024) {}

  get(key: string, version: number): Buffer | undefined {
    const entry = this.entries.get(key);
    return entry && entry.version === version ? entry.bytes : undefined;
  }

  set(key: string, version: number, bytes: Buffer) {
    const old = this.entries.get(key);
    if (old) {
      this.size -= old.bytes.length;
      this.entries.delete(key);
    }
    this.entries.set(key, { version, bytes });
    this.size += bytes.length;
    // Oldest first (Map keeps insertion order): drop until under the budget.
    for (const [k, e] of this.entries) {
      if (this.size <= this.maxBytes) break;
      this.entries.delete(k);
      this.size -= e.bytes.length;
    }
  }
}

const keyOf = (table: FragmentTable, id: number) => `${table.name}:${table.scope?.value ?? ''}:${id}`;

/**
 * The JSON bytes of each row, in order: from the process cache, else from rendered_json, else
 * rendered by `render` and stored back (best effort: a render racing a write is dropped by the
 * version guard, and rows another request is storing are skipped rather than waited for).
 */
export const fragmentsOf = async (
  db: Db,
  cache: FragmentCache,
  table: FragmentTable,
  rows: FragmentRow[],
  render: (ids: number[]) => Promise<Map<number, string>>,
): Promise<Buffer[]> => {
  const out: Array<Buffer | undefined> = rows.map((r) => cache.get(keyOf(table, r.id), r.version));
  const missing = rows.filter((_, i) => !out[i]);
  if (!missing.length) return out as Buffer[];

  const idColumn = table.idColumn ?? 'id';
  const scope = table.scope ? `AND t.${table.scope.column} = ${Number(table.scope.value)}` : '';
  const stored = await db.query<{ id: number; version: number; rendered_json: string | null }>(
    `SELECT t.${idColumn} AS id, t.version, t.rendered_json FROM ${table.name} t
      WHERE t.${idColumn} = ANY ($1::int[]) ${scope}`,
    [missing.map((r) => r.id)],
  );
  const json = new Map<number, { version: number; text: string }>();
  for (const s of stored)
    if (s.rendered_json !== null) json.set(s.id, { version: s.version, text: s.rendered_json });
  const toRender = stored.filter((s) => s.rendered_json === null);
  if (toRender.length) {
    const rendered = await render(toRender.map((s) => s.id));
    for (const s of toRender) {
      const text = rendered.get(s.id);
      if (text !== undefined) json.set(s.id, { version: s.version, text });
    }
    await storeRendered(db, table, toRender, rendered, scope);
  }
  for (const [i, row] of rows.entries()) {
    if (out[i]) continue;
    const found = json.get(row.id);
    if (!found) continue; // deleted since the page query: left out
    const bytes = Buffer.from(found.text);
    cache.set(keyOf(table, row.id), found.version, bytes);
    out[i] = bytes;
  }
  return out.filter((b): b is Buffer => b !== undefined);
};

/** Stores renders back in rendered_json; a cache, so a failure never fails the request. */
const storeRendered = async (
  db: Db,
  table: FragmentTable,
  rows: Array<{ id: number; version: number }>,
  rendered: Map<number, string>,
  scope: string,
) => {
  const ready = rows.filter((r) => rendered.has(r.id));
  if (!ready.length) return;
  const idColumn = table.idColumn ?? 'id';
  try {
    await db.query(
      `UPDATE ${table.name} t SET rendered_json = u.json
         FROM unnest($1::int[], $2::int[], $3::text[]) AS u(id, version, json)
        WHERE t.${idColumn} = u.id AND t.version = u.version AND t.rendered_json IS NULL ${scope}
          AND t.ctid IN (SELECT ctid FROM ${table.name} t WHERE t.${idColumn} = ANY ($1::int[]) ${scope}
                         ORDER BY t.${idColumn} FOR UPDATE SKIP LOCKED)`,
      [ready.map((r) => r.id), ready.map((r) => r.version), ready.map((r) => rendered.get(r.id)!)],
    );
  } catch {
    // Another writer won the race (or the row is gone): the next read renders again.
  }
};

/** Joins fragments into a JSON array body part: `[a,b,c]` without copying twice. */
export const jsonArrayOf = (fragments: Buffer[]): Buffer[] => {
  const parts: Buffer[] = [OPEN];
  fragments.forEach((f, i) => {
    if (i) parts.push(COMMA);
    parts.push(f);
  });
  parts.push(CLOSE);
  return parts;
};
const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');
