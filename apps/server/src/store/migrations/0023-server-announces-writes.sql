-- D59: the server announces the writes it makes itself, after they commit and batched
-- (core/announcer.ts), instead of each write statement notifying inside its transaction: a NOTIFY
-- makes PostgreSQL take a database-wide lock at commit, held through the commit's WAL flush, so
-- every notifying transaction committed one after the other. The server's connections carry the
-- setting um.announce = 'server' (store/schema.ts ANNOUNCE_SETTING); a write on them notifies
-- nothing from here. Any other writer (psql, another tool, a migration) notifies as before.
-- A trigger given the argument 'always' notifies for every writer: um_clock (0016), written by the
-- sandbox's clock routes and at every start outside the sandbox, rarely, and outside any request.

CREATE OR REPLACE FUNCTION notify_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF bulk_load_active() THEN RETURN NULL; END IF;
  IF TG_ARGV[0] IS DISTINCT FROM 'always' AND current_setting('um.announce', true) = 'server' THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('um_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;

DROP TRIGGER um_clock_notify ON um_clock;
CREATE TRIGGER um_clock_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON um_clock
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changed('always');
