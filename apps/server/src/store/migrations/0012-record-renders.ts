import type { Migration } from './migration.js';

/** The records the API lists from pre-rendered JSON, and the key of each (messages: within a conversation). */
const RENDERED = [
  { table: 'conversations', key: ['id'] },
  { table: 'contact_identities', key: ['id'] },
  { table: 'messages', key: ['conversation_id', 'sequence'] },
  { table: 'notes', key: ['id'] },
  { table: 'navigation_events', key: ['id'] },
  { table: 'operators', key: ['id'] },
] as const;

/** Where the rendered JSON of a table's records is kept. */
export const rendersTableOf = (table: string) => `${table}_renders`;

const renderTable = ({ table, key }: (typeof RENDERED)[number]) => {
  // Messages reference their conversation's row (organization_id is not part of their key).
  const references = key.length === 1 ? ['organization_id', 'id'] : [...key];
  return `CREATE TABLE ${rendersTableOf(table)} (
  organization_id integer NOT NULL,
  ${key.map((k) => `${k} integer NOT NULL`).join(',\n  ')},
  version integer NOT NULL,
  json text NOT NULL,
  PRIMARY KEY (${key.join(', ')}),
  FOREIGN KEY (${references.join(', ')}) REFERENCES ${table} (${references.join(', ')}) ON DELETE CASCADE
);
COMMENT ON TABLE ${rendersTableOf(table)} IS 'derived: rendered JSON of ${table}';
ALTER TABLE ${table} DROP COLUMN rendered_json;`;
};

/**
 * A record's rendered JSON moves out of the record's row into `<table>_renders`, keyed by the
 * record and the version it was rendered from. Storing a render used to UPDATE the record's row:
 * each first read of a page rewrote its rows, which cleared the visibility map of their heap
 * pages, and the index-only walks of the list pages (0011) fell back to the heap for every entry
 * of those pages (measured: 27k heap fetches, 52 ms, for one page that takes 4 ms index-only).
 *
 * Any update of a record now bumps its version (renders of older versions are ignored, and a
 * render is stored only if the record still has the version it was rendered from); deleting a
 * record deletes its render (foreign key).
 */
export const recordRenders: Migration = {
  version: 12,
  name: 'rendered JSON beside the records',
  sql: /* sql */ `
${RENDERED.map(renderTable).join('\n\n')}

CREATE OR REPLACE FUNCTION invalidate_rendered_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF bulk_load_active() THEN RETURN NEW; END IF;
  NEW.version := OLD.version + 1;
  RETURN NEW;
END
$$;
`,
};
