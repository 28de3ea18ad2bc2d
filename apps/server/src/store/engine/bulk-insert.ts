import type { ColumnKind, ColumnSpec } from '@org/demo-world';
import type { Db } from './db.js';

export type { ColumnKind, ColumnSpec };
/** A column computed in the INSERT from the row's values, e.g. `["search_vector", "f(u.\"name\")"]`. */
export type ComputedColumn = readonly [name: string, sql: string];

/** How a column travels: scalar kinds as typed arrays; array kinds as text[] of array literals. */
const PARAM_TYPE: Record<ColumnKind, string> = {
  integer: 'integer[]',
  double: 'double precision[]',
  boolean: 'boolean[]',
  text: 'text[]',
  uuid: 'uuid[]',
  timestamptz: 'timestamptz[]',
  jsonb: 'jsonb[]',
  'integer[]': 'text[]',
  'uuid[]': 'text[]',
};

/** Elements of a PostgreSQL array literal: always quoted, so any text is safe. */
function quoteElement(text: string): string {
  let needsEscape = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 34 || code === 92) {
      needsEscape = true;
      break;
    }
  }
  return needsEscape ? `"${text.replace(/[\\"]/g, '\\$&')}"` : `"${text}"`;
}

/**
 * A value's text as PostgreSQL reads it into the column's own type: the one text both ways of
 * writing a batch carry, so that either stores the same value (every column of the world has the
 * type its kind names: integer kinds into integer columns, timestamptz into timestamptz, and so on).
 */
function valueText(kind: ColumnKind, value: unknown): string {
  switch (kind) {
    case 'boolean':
      return value ? 't' : 'f';
    case 'jsonb':
      return JSON.stringify(value);
    case 'integer[]':
    case 'uuid[]':
      return `{${(value as readonly (number | string)[]).join(',')}}`;
    default:
      return String(value);
  }
}

/** Kinds whose text is never quoted inside the INSERT's array literals (digits, `t` or `f`). */
const BARE_KINDS: ReadonlySet<ColumnKind> = new Set(['integer', 'double', 'boolean']);

/** A value as an element of the INSERT's array parameter. */
function encode(kind: ColumnKind, value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  const text = valueText(kind, value);
  return BARE_KINDS.has(kind) ? text : quoteElement(text);
}

/** Characters a field of COPY's text format escapes with a backslash. */
const COPY_SPECIAL = /[\\\t\n\r]/;
function copyEscape(text: string): string {
  return COPY_SPECIAL.test(text)
    ? text.replaceAll('\\', '\\\\').replaceAll('\t', '\\t').replaceAll('\n', '\\n').replaceAll('\r', '\\r')
    : text;
}

/** A value as a field of COPY's text format. */
function copyField(kind: ColumnKind, value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  return copyEscape(valueText(kind, value));
}

/** One batch's write: a multi-row INSERT with its parameters, or a COPY with its rows. */
export type BatchStatement = { table: string; sql: string; rows: number } & (
  | { params: string[] }
  | { copy: string }
);

/**
 * Rows accumulated for one table, encoded as they arrive (no row objects are kept): as the arrays
 * of an INSERT ... SELECT FROM unnest, or, where `copy` is asked for and every column is written
 * as it is (none computed in SQL, none only an input), as the lines of a COPY, which spares
 * PostgreSQL parsing, unnesting and casting the arrays; see decision D72 (the seed writes with COPY
 * on PostgreSQL).
 */
export class RowBatch {
  private readonly encoded: string[][];
  private readonly lines: string[] = [];
  private rowCount = 0;
  /** Whether the rows are written with COPY. */
  readonly copies: boolean;

  constructor(
    readonly table: string,
    readonly columns: readonly ColumnSpec[],
    readonly computed: readonly ComputedColumn[] = [],
    copy = false,
  ) {
    this.copies = copy && computed.length === 0 && columns.every((column) => column[2] !== 'input');
    this.encoded = this.copies ? [] : columns.map(() => []);
  }

  /** values in the order of `columns`. */
  add(values: readonly unknown[]): void {
    if (this.copies) {
      // Joined, not concatenated: a line built with += is a tree of pieces, which the batch's own
      // join then flattened at twice the cost of the INSERT's encoding.
      const fields = new Array<string>(this.columns.length);
      for (let i = 0; i < this.columns.length; i++) fields[i] = copyField(this.columns[i]![1], values[i]);
      this.lines.push(fields.join('\t'));
    } else {
      for (let i = 0; i < this.columns.length; i++) {
        this.encoded[i]!.push(encode(this.columns[i]![1], values[i]));
      }
    }
    this.rowCount++;
  }

  /** The statement for the rows so far, and empties the batch. */
  take(): BatchStatement | null {
    if (this.rowCount === 0) return null;
    const rows = this.rowCount;
    this.rowCount = 0;
    if (this.copies) {
      const copy = `${this.lines.join('\n')}\n`;
      this.lines.length = 0;
      return { table: this.table, sql: copySql(this.table, this.columns), copy, rows };
    }
    const params = this.encoded.map((items) => `{${items.join(',')}}`);
    for (const items of this.encoded) items.length = 0;
    return { table: this.table, sql: insertSql(this.table, this.columns, this.computed), params, rows };
  }
}

/** Quoted: columns such as "time", "position" and "sequence" are SQL keywords. */
const quote = (name: string) => `"${name}"`;

const copySql = (table: string, columns: readonly ColumnSpec[]) =>
  `COPY ${table} (${columns.map(([name]) => quote(name)).join(', ')}) FROM STDIN`;

const sqlCache = new Map<string, string>();

function insertSql(
  table: string,
  columns: readonly ColumnSpec[],
  computed: readonly ComputedColumn[],
): string {
  const key = `${table}:${columns.map((c) => c.join('/')).join(',')}:${computed.map((c) => c.join('/')).join(',')}`;
  let sql = sqlCache.get(key);
  if (!sql) {
    const inserted = columns.filter((column) => column[2] !== 'input');
    const targets = [...inserted.map(([name]) => quote(name)), ...computed.map(([name]) => quote(name))];
    const select = [
      ...inserted.map(([name, kind]) =>
        kind === 'integer[]' || kind === 'uuid[]' ? `u.${quote(name)}::${kind}` : `u.${quote(name)}`,
      ),
      ...computed.map(([, expression]) => expression),
    ];
    const unnest = columns.map(([, kind], i) => `$${i + 1}::${PARAM_TYPE[kind]}`);
    const aliases = columns.map(([name]) => quote(name));
    sql = `INSERT INTO ${table} (${targets.join(', ')}) SELECT ${select.join(', ')} FROM unnest(${unnest.join(', ')}) AS u (${aliases.join(', ')})`;
    sqlCache.set(key, sql);
  }
  return sql;
}

/** Inserts rows given as value arrays in one statement (small inserts, tests). */
export async function insertRows(
  db: Db,
  table: string,
  columns: readonly ColumnSpec[],
  rows: readonly (readonly unknown[])[],
  computed: readonly ComputedColumn[] = [],
): Promise<void> {
  const batch = new RowBatch(table, columns, computed);
  for (const row of rows) batch.add(row);
  const statement = batch.take();
  if (statement && 'params' in statement) await db.query(statement.sql, statement.params);
}
