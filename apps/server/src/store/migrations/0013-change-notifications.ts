import type { Migration } from './migration.js';

/** The channel every committed write to a listed table is announced on (payload: the table). */
export const CHANGES_CHANNEL = 'um_changes';

/** The tables whose lists carry a count (offset pages and the all endpoints). */
const COUNTED_TABLES = ['conversations', 'contact_identities', 'notes', 'navigation_events', 'operators'];

/**
 * Each statement that writes a counted table notifies CHANGES_CHANNEL; PostgreSQL delivers it to
 * every listening connection when the transaction commits (identical notifications of one
 * transaction are folded into one). Each server instance listens and drops its cached counts, so a
 * count is exact right after a write through any instance instead of up to a few seconds late, and
 * counts need no expiry while nothing is written. Topic changes reach conversations through
 * topic_ids (0011). A bulk load (the seeder) notifies nothing.
 */
export const changeNotifications: Migration = {
  version: 13,
  name: 'change notifications',
  sql: /* sql */ `
CREATE FUNCTION notify_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT bulk_load_active() THEN PERFORM pg_notify('${CHANGES_CHANNEL}', TG_TABLE_NAME); END IF;
  RETURN NULL;
END
$$;
${COUNTED_TABLES.map(
  (table) => `CREATE TRIGGER ${table}_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changed();`,
).join('\n')}
`,
};
