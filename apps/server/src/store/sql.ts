import type { Db } from './engine/db.js';

/**
 * A WITH item that makes the statement's own transaction commit without waiting for its WAL to
 * reach the disk (synchronous_commit is read at commit; `true`: for this transaction only). For
 * stored renders, which are caches: a crash may lose the last ones, and the next read renders them
 * again; and for the announcements of writes (changes.ts). A write of records never uses it. Join `async_commit` in the statement so it runs.
 */
export const ASYNC_COMMIT = "WITH async_commit AS (SELECT set_config('synchronous_commit', 'off', true))";

/** Collects query parameters and hands out their `$n` placeholders, so SQL is built without string values. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * One WHERE condition per filter of a model filter table (`-?`: every filter, also the optional ones).
 * Typing a table with it makes a filter added to the model without a condition a compile error.
 */
export type Conditions<F> = { [K in keyof F]-?: (value: NonNullable<F[K]>, params: Params) => string };

/** The conditions of the filters given a value, in the table's order. */
export function conditionsApplier<F>(conditions: Conditions<F>) {
  const entries = Object.entries(conditions) as Array<[keyof F, (value: unknown, params: Params) => string]>;
  return function applyConditions(filters: Partial<F>, params: Params): string[] {
    const where: string[] = [];
    for (const [key, condition] of entries) {
      const value = filters[key];
      if (value !== undefined) where.push(condition(value, params));
    }
    return where;
  };
}

/** Sets columns of the rows matching every `where` column (test states and fixtures). */
export async function updateColumns(
  db: Db,
  table: string,
  where: Record<string, unknown>,
  columns: Record<string, unknown>,
) {
  const p = new Params();
  const set = Object.entries(columns).map(([k, v]) => `${k} = ${p.add(v)}`);
  const match = Object.entries(where).map(([k, v]) => `${k} = ${p.add(v)}`);
  await db.query(`UPDATE ${table} SET ${set.join(', ')} WHERE ${match.join(' AND ')}`, p.values);
}

/** A filtered selection: FROM, the WHERE conditions and their parameters. */
export interface Selection {
  from: string;
  /** The alias whose id (and, unless `version` says otherwise, version) the pages read. */
  alias: string;
  /**
   * How a row's version is read when the alias's table does not hold it (list keys: they carry no
   * version, so a write that only bumps it leaves them alone).
   */
  version?: string;
  where: string[];
  params: Params;
  /** Relevance of a row to the search of this selection, when it has one. */
  rank?: string;
  /**
   * Every condition is served by the ordering indexes whatever its value (0011), so its pages can
   * share one generic plan (Db.queryPrepared). Otherwise each page is planned for its values.
   */
  indexServed?: boolean;
}

export function whereOf(sel: Selection, extra: string[] = []): string {
  const all = [...sel.where, ...extra];
  return all.length ? `WHERE ${all.join(' AND ')}` : '';
}

/** `-name` -> `name DESC, id DESC`; `name` -> `name ASC, id ASC` (ties by id keep pages stable). */
export function orderByOf(alias: string, ordering: string): string {
  const desc = ordering.startsWith('-');
  const field = desc ? ordering.slice(1) : ordering;
  const dir = desc ? 'DESC' : 'ASC';
  return field === 'id' ? `${alias}.id ${dir}` : `${alias}.${field} ${dir}, ${alias}.id ${dir}`;
}

/**
 * A search condition on a selection, with the rank (weights A > B > C) that orders its results.
 * `tsquery` is the stemmed prefix query of the keywords (see SearchQueries); null when nothing
 * searchable remains (only stop words), which matches nothing.
 */
export function addSearch(sel: Selection, tsquery: string | null | undefined): void {
  if (tsquery === undefined) return;
  if (tsquery === null) {
    sel.where.push('false');
    return;
  }
  const query = `${sel.params.add(tsquery)}::tsquery`;
  sel.where.push(`${sel.alias}.search_vector @@ ${query}`);
  sel.rank = `ts_rank(${sel.alias}.search_vector, ${query})`;
}
