/**
 * Kinds of the values a world row carries, as the store writes them (each maps to one PostgreSQL
 * type; arrays travel as array literals).
 */
export type ColumnKind =
  | 'integer'
  | 'double'
  | 'boolean'
  | 'text'
  | 'uuid'
  | 'timestamptz'
  | 'jsonb'
  | 'integer[]'
  | 'uuid[]';

/**
 * A value sent per row: `[name, kind]` is stored in column `name`; `[name, kind, 'input']` is not a
 * column of the table but an input the store derives columns from (the raw token it hashes, the
 * notes text of a contact's search vector).
 */
export type ColumnSpec =
  | readonly [name: string, kind: ColumnKind]
  | readonly [name: string, kind: ColumnKind, role: 'input'];
