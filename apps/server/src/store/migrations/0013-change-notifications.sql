-- Each statement that writes a counted table (one whose lists carry a count) notifies the channel
-- um_changes (store/schema.ts CHANGES_CHANNEL) with the table's name; PostgreSQL delivers it to
-- every listening connection when the transaction commits (identical notifications of one
-- transaction are folded into one). Each server instance listens and drops its cached counts, so a
-- count is exact right after a write through any instance instead of up to a few seconds late, and
-- counts need no expiry while nothing is written. Topic changes reach conversations through
-- topic_ids (0011). A bulk load (the seeder) notifies nothing.

CREATE FUNCTION notify_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT bulk_load_active() THEN PERFORM pg_notify('um_changes', TG_TABLE_NAME); END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER conversations_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON conversations
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changed();
CREATE TRIGGER contact_identities_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON contact_identities
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changed();
CREATE TRIGGER notes_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON notes
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changed();
CREATE TRIGGER navigation_events_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON navigation_events
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changed();
CREATE TRIGGER operators_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON operators
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changed();
