import { fileURLToPath } from 'node:url';
import type { Db } from '../engine/db.js';

/** Where the schema the migrations give is committed (scripts/write-schema-snapshot.ts writes it). */
export const SCHEMA_SNAPSHOT_PATH = fileURLToPath(new URL('./schema.snapshot.txt', import.meta.url));

/**
 * The schema as the catalog describes it (tables, columns, constraints, indexes, partitions,
 * functions, triggers, comments), one line per object in a fixed order: two databases with the
 * same text have the same schema. Works on PGlite and PostgreSQL alike (no pg_dump needed).
 */
export async function schemaSnapshot(db: Db): Promise<string> {
  const sections: Array<[string, string]> = [
    [
      'columns',
      `SELECT c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
              || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END
              || coalesce(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '')
              || CASE a.attidentity WHEN 'd' THEN ' IDENTITY BY DEFAULT' WHEN 'a' THEN ' IDENTITY ALWAYS' ELSE '' END
              || CASE WHEN a.attgenerated = 's' THEN ' GENERATED' ELSE '' END AS line
         FROM pg_attribute a
         JOIN pg_class c ON c.oid = a.attrelid
         LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
        WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
          AND a.attnum > 0 AND NOT a.attisdropped
        ORDER BY c.relname, a.attnum`,
    ],
    [
      'partitions',
      `SELECT c.relname || ' ' || c.relkind::text || coalesce(' OF ' || p.relname || ' ' || pg_get_expr(c.relpartbound, c.oid), '') AS line
         FROM pg_class c
         LEFT JOIN pg_inherits i ON i.inhrelid = c.oid
         LEFT JOIN pg_class p ON p.oid = i.inhparent
        WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
        ORDER BY c.relname`,
    ],
    [
      'constraints',
      `SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) AS line
         FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
        ORDER BY conrelid::regclass::text, conname`,
    ],
    [
      'indexes',
      `SELECT indexdef AS line FROM pg_indexes WHERE schemaname = current_schema() ORDER BY tablename, indexname`,
    ],
    [
      'functions',
      `SELECT pg_get_functiondef(p.oid) AS line FROM pg_proc p
        WHERE p.pronamespace = current_schema()::regnamespace
        ORDER BY p.proname, pg_get_function_identity_arguments(p.oid)`,
    ],
    [
      'triggers',
      `SELECT pg_get_triggerdef(t.oid) AS line FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        WHERE c.relnamespace = current_schema()::regnamespace AND NOT t.tgisinternal
        ORDER BY c.relname, t.tgname`,
    ],
    [
      'comments',
      `SELECT c.relname || ': ' || d.description AS line FROM pg_description d
         JOIN pg_class c ON c.oid = d.objoid AND d.classoid = 'pg_class'::regclass AND d.objsubid = 0
        WHERE c.relnamespace = current_schema()::regnamespace ORDER BY c.relname`,
    ],
  ];
  const parts: string[] = [];
  for (const [title, sql] of sections) {
    const rows = await db.query<{ line: string }>(sql);
    parts.push(`-- ${title}`, ...rows.map((row) => row.line.trimEnd()));
  }
  return `${parts.join('\n')}\n`;
}
