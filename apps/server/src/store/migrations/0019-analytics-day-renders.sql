-- Stored renders of whole UTC days of analytics data points (D54): a 93-day page of 10,000 points
-- was parsed row by row in the server (most of its CPU), although the points never change once
-- written. A day's row holds the day's points as the API writes them (dataPointJson, joined with
-- commas, in (time, id) order), their count and the last (time, id), so a page takes whole days
-- as text and reads rows only for its partial first and last days.
--
-- A cache, written by reads (store/analytics-days.ts). Any write of points bumps the `generation`
-- of each day it touches and clears that day's render (a row without a render is a tombstone); a
-- render is stored only on the generation read before its points were read, so a render of a
-- snapshot older than a committed write is never stored. Rows of an organization are not removed
-- with it (like its points, 0006): they are only ever read for an organization's own points.

CREATE TABLE analytics_day_renders (
  metric text NOT NULL,
  organization_id integer NOT NULL,
  day date NOT NULL,
  generation integer NOT NULL DEFAULT 0,
  points integer,
  last_time timestamptz,
  last_id integer,
  json text,
  PRIMARY KEY (metric, organization_id, day)
);
COMMENT ON TABLE analytics_day_renders IS 'derived: rendered JSON of whole days of analytics_data_points';
-- Read whole and already compact enough: compressing it only costs a decompression per read.
ALTER TABLE analytics_day_renders ALTER COLUMN json SET STORAGE EXTERNAL;

CREATE FUNCTION analytics_days_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A bulk load (the seed) writes many points in many statements: drop every render at once.
  IF bulk_load_active() THEN
    DELETE FROM analytics_day_renders;
    RETURN NULL;
  END IF;
  -- Days in key order, so concurrent writers lock the rows in the same order.
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO analytics_day_renders AS r (metric, organization_id, day, generation)
    SELECT DISTINCT metric, organization_id, (time AT TIME ZONE 'UTC')::date, 1 FROM new_rows ORDER BY 1, 2, 3
    ON CONFLICT (metric, organization_id, day) DO UPDATE
      SET generation = r.generation + 1, points = NULL, last_time = NULL, last_id = NULL, json = NULL;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO analytics_day_renders AS r (metric, organization_id, day, generation)
    SELECT DISTINCT metric, organization_id, (time AT TIME ZONE 'UTC')::date, 1 FROM old_rows ORDER BY 1, 2, 3
    ON CONFLICT (metric, organization_id, day) DO UPDATE
      SET generation = r.generation + 1, points = NULL, last_time = NULL, last_id = NULL, json = NULL;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER analytics_points_inserted AFTER INSERT ON analytics_data_points
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_days_written();
CREATE TRIGGER analytics_points_updated AFTER UPDATE ON analytics_data_points
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_days_written();
CREATE TRIGGER analytics_points_deleted AFTER DELETE ON analytics_data_points
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_days_written();

CREATE FUNCTION analytics_points_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analytics_day_renders;
  RETURN NULL;
END
$$;
CREATE TRIGGER analytics_points_truncated AFTER TRUNCATE ON analytics_data_points
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_points_truncated();
