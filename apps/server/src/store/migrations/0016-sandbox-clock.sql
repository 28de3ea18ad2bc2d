-- The server's clock (D40): um_now() is the moment the database writes as "now" — created_at and
-- updated_at defaults, and every statement of the server that stamps a row. It is now() unless the
-- sandbox set the clock (PUT /_sandbox/clock): then the one row of um_clock holds the moment, and
-- every instance on this database reads the same one. Writes to um_clock are announced on the
-- change channel of 0013 (payload 'um_clock'), so each instance reloads the clock it keeps for the
-- rate-limit windows and the analytics default day. An empty um_clock is real time.

CREATE TABLE um_clock (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  frozen_at timestamptz NOT NULL
);

CREATE FUNCTION um_now() RETURNS timestamptz LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce((SELECT frozen_at FROM um_clock), now())
$$;

CREATE TRIGGER um_clock_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON um_clock
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changed();

-- Every column that defaulted to now() defaults to um_now() (the migrations table is not the world's).
DO $$
DECLARE
  col record;
BEGIN
  FOR col IN
    SELECT c.relname AS tbl, a.attname AS name
      FROM pg_attribute a
      JOIN pg_class c ON c.oid = a.attrelid
      JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
     WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
       AND NOT c.relispartition AND c.relname <> 'schema_migrations'
       AND pg_get_expr(d.adbin, d.adrelid) = 'now()'
     ORDER BY 1, 2
  LOOP
    EXECUTE format('ALTER TABLE %I ALTER COLUMN %I SET DEFAULT um_now()', col.tbl, col.name);
  END LOOP;
END
$$;
