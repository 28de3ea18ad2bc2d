import type { Db } from './engine/db.js';
import { rendersTableOf } from './schema.js';
import { ASYNC_COMMIT } from './sql.js';

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
 * Each record's JSON is rendered once (docs/architecture.md, Speed) and kept twice: in `<table>_renders`,
 * shared by every instance, and as bytes in this process, keyed by record and version. A page
 * query reads only ids and versions; a page is the cached bytes joined. A write bumps the version,
 * so a stale copy is never served, whichever instance wrote.
 */
export class FragmentCache {
  /** Per table (and scope), per record id: numeric keys, no key string per row. */
  private readonly groups = new Map<string, Map<number, CachedFragment>>();
  /** Insertion order for eviction (oldest first); replaced entries are skipped when reached. */
  private order: Array<[Map<number, CachedFragment>, number, CachedFragment]> = [];
  private head = 0;
  private size = 0;
  /** Entries of `order` past `head` that a newer version replaced: they still hold their bytes. */
  private replaced = 0;
  /** The slab fragments are written into now, and how much of it is taken. */
  private slab: Buffer | undefined;
  private slabUsed = 0;
  constructor(private readonly maxBytes = FRAGMENT_CACHE_BYTES) {}

  /** Forgets every fragment (a sandbox reset gives old versions back to records). */
  clear() {
    this.groups.clear();
    this.order = [];
    this.head = 0;
    this.size = 0;
    this.replaced = 0;
  }

  /** Entries the eviction order holds, live or replaced (what the cache keeps in memory). */
  get held(): number {
    return this.order.length - this.head;
  }

  /** The cached fragments of one table (and scope). */
  groupOf(table: FragmentTable): Map<number, CachedFragment> {
    const key = `${table.name}:${table.scope?.value ?? ''}`;
    let group = this.groups.get(key);
    if (!group) this.groups.set(key, (group = new Map()));
    return group;
  }

  /** Keeps `text` as the bytes of record `id` at `version`; returns those bytes. */
  set(group: Map<number, CachedFragment>, id: number, version: number, text: string): Buffer {
    if (this.maxBytes === 0) return Buffer.from(text);
    const bytes = this.bytesOf(text);
    const old = group.get(id);
    if (old) {
      this.size -= old.bytes.length;
      this.replaced++;
    }
    const entry = { version, bytes };
    group.set(id, entry);
    this.order.push([group, id, entry]);
    this.size += bytes.length;
    while (this.size > this.maxBytes && this.head < this.order.length) {
      const [g, k, e] = this.order[this.head++]!;
      if (g.get(k) !== e) {
        this.replaced--; // replaced since: already subtracted
        continue;
      }
      g.delete(k);
      this.size -= e.bytes.length;
    }
    if (this.head > 1024 && this.head * 2 > this.order.length) {
      this.order = this.order.slice(this.head);
      this.head = 0;
    }
    // Writes replace fragments without the budget ever being reached, and each replaced entry
    // keeps its bytes until eviction passes it: drop them once they are half of what is held, so
    // the memory held stays within twice the live fragments (a write-heavy run grew without end).
    if (this.replaced > 1024 && this.replaced * 2 > this.held) {
      this.order = this.order.slice(this.head).filter(([g, k, e]) => g.get(k) === e);
      this.head = 0;
      this.replaced = 0;
    }
    return bytes;
  }

  /**
   * The text's bytes, written into the current slab. Fragments of a few KB each, each a malloc of
   * its own (or a slice of Node's shared 8 KB pool), left the process's C heap fragmented as the
   * cache turned over: on the large world it held 90 to 160 MB for 50 to 60 MB of fragments. Slabs
   * are evicted in the order they were filled, as the fragments in them are, and a slab is freed
   * once no fragment in it is cached or being sent.
   */
  private bytesOf(text: string): Buffer {
    const length = Buffer.byteLength(text);
    if (length > SLAB_BYTES / 8) return Buffer.from(text);
    if (!this.slab || this.slabUsed + length > this.slab.length) {
      this.slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
      this.slabUsed = 0;
    }
    const start = this.slabUsed;
    this.slab.write(text, start, length, 'utf8');
    this.slabUsed += length;
    return this.slab.subarray(start, start + length);
  }
}

/**
 * What one server process keeps of rendered records (bytes). 128 MB, with the fragmented heap it
 * left, took a server on the large world past 300 MB resident; the bench's list pages over 100,000
 * conversations still find what they read in 64 MB.
 */
const FRAGMENT_CACHE_BYTES = 64 * 1024 * 1024;
/** Fragments are written into slabs of this size; a larger one gets a buffer of its own. */
const SLAB_BYTES = 1024 * 1024;

export interface CachedFragment {
  version: number;
  bytes: Buffer;
}

/** How a table's rows and their renders are named in SQL (messages: a sequence within a conversation). */
function sqlOf(table: FragmentTable) {
  const idColumn = table.idColumn ?? 'id';
  const scope = table.scope ? ` AND t.${table.scope.column} = ${Number(table.scope.value)}` : '';
  return { idColumn, scope, renders: rendersTableOf(table.name) };
}

/**
 * The JSON bytes of each row, in order: from the process cache, else from the stored render of
 * that version, else rendered by `render` and stored (best effort: a render is stored only while
 * the record still has the version the page read, so one racing a write is dropped).
 */
export async function fragmentsOf(
  db: Db,
  cache: FragmentCache,
  table: FragmentTable,
  rows: FragmentRow[],
  render: (ids: number[]) => Promise<Map<number, string>>,
): Promise<Buffer[]> {
  const group = cache.groupOf(table);
  const out: Array<Buffer | undefined> = rows.map((r) => {
    const cached = group.get(r.id);
    return cached?.version === r.version ? cached.bytes : undefined;
  });
  const missing = rows.filter((_, i) => !out[i]);
  if (!missing.length) return out as Buffer[];

  const { idColumn, scope, renders } = sqlOf(table);
  const stored = await db.query<{ id: number; version: number; json: string }>(
    `SELECT t.${idColumn} AS id, t.version, t.json FROM ${renders} t
      WHERE t.${idColumn} = ANY ($1::int[]) ${scope}`,
    [missing.map((r) => r.id)],
  );
  const wanted = new Map(missing.map((r) => [r.id, r.version]));
  const json = new Map<number, string>();
  for (const s of stored) if (wanted.get(s.id) === s.version) json.set(s.id, s.json);
  const toRender = missing.filter((r) => !json.has(r.id));
  if (toRender.length) {
    const rendered = await render(toRender.map((r) => r.id));
    for (const [id, text] of rendered) json.set(id, text);
    await storeRendered(db, table, toRender, rendered);
  }
  for (const [i, row] of rows.entries()) {
    if (out[i]) continue;
    const text = json.get(row.id);
    if (text === undefined) continue; // deleted since the page query: left out
    out[i] = cache.set(group, row.id, row.version, text);
  }
  return out.filter((b): b is Buffer => b !== undefined);
}

/** Stores renders for other requests and instances; a cache, so a failure never fails the request. */
async function storeRendered(
  db: Db,
  table: FragmentTable,
  rows: FragmentRow[],
  rendered: Map<number, string>,
) {
  const ready = rows.filter((r) => rendered.has(r.id)).sort((a, b) => a.id - b.id);
  if (!ready.length) return;
  const { idColumn, scope, renders } = sqlOf(table);
  const keyColumns = table.scope ? `${table.scope.column}, ${idColumn}` : idColumn;
  const keyValues = table.scope ? `t.${table.scope.column}, u.id` : 'u.id';
  try {
    // Joined with the record at the version rendered: a record written since is not stored.
    await db.query(
      `${ASYNC_COMMIT}
       INSERT INTO ${renders} AS r (organization_id, ${keyColumns}, version, json)
       SELECT t.organization_id, ${keyValues}, u.version, u.json
         FROM async_commit, unnest($1::int[], $2::int[], $3::text[]) AS u(id, version, json)
         JOIN ${table.name} t ON t.${idColumn} = u.id AND t.version = u.version ${scope}
        ORDER BY u.id
       ON CONFLICT (${keyColumns}) DO UPDATE SET version = excluded.version, json = excluded.json
        WHERE r.version < excluded.version`,
      [ready.map((r) => r.id), ready.map((r) => r.version), ready.map((r) => rendered.get(r.id)!)],
    );
  } catch {
    // A concurrent store of the same records (or a deleted record): the next read renders again.
  }
}

/** Joins fragments into a JSON array body part: `[a,b,c]` without copying twice. */
export function jsonArrayOf(fragments: Buffer[]): Buffer[] {
  const parts: Buffer[] = [OPEN];
  fragments.forEach((f, i) => {
    if (i) parts.push(COMMA);
    parts.push(f);
  });
  parts.push(CLOSE);
  return parts;
}
const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');
