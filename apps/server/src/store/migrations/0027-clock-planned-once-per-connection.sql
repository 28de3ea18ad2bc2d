-- um_now() (0016) was a SQL function whose body holds a sub-select, which PostgreSQL does not
-- inline: every statement calling it (each PATCH of topics, each insert that defaults a timestamp
-- to it) parsed and planned the body again, about a tenth of a topic PATCH's CPU in PostgreSQL.
-- PL/pgSQL plans the query once per connection. Same answer, same volatility. D75.
CREATE OR REPLACE FUNCTION um_now() RETURNS timestamptz LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
BEGIN
  RETURN coalesce((SELECT frozen_at FROM um_clock), now());
END
$$;
