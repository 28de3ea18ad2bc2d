-- Stored renders of whole UTC days of analytics data points as a filtered request sees them
-- (D54): a filter (operator, operator group, widget, operator mode) that keeps few of a metric's
-- points made PostgreSQL read most of the 93-day range to find a page's 10,000, 20-40 ms a page.
-- One row per day and filter (`filter`: the request's filters, written by store/analytics.ts),
-- with what 0019 keeps per day.
--
-- A cache, written by reads. A render holds for the generation of its day in
-- analytics_day_renders (0019): any write of the day's points bumps that generation, so a render
-- of another generation is not served and is replaced by the next one stored. Generations start
-- again when 0019's rows are dropped (a bulk load, TRUNCATE): these renders go with them.

CREATE TABLE analytics_filtered_day_renders (
  metric text NOT NULL,
  organization_id integer NOT NULL,
  day date NOT NULL,
  filter text NOT NULL,
  generation integer NOT NULL,
  points integer NOT NULL,
  last_time timestamptz,
  last_id integer,
  json text NOT NULL,
  PRIMARY KEY (metric, organization_id, filter, day)
);
COMMENT ON TABLE analytics_filtered_day_renders IS 'derived: rendered JSON of whole days of analytics_data_points, filtered';
ALTER TABLE analytics_filtered_day_renders ALTER COLUMN json SET STORAGE EXTERNAL;

CREATE OR REPLACE FUNCTION analytics_days_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A bulk load (the seed) writes many points in many statements: drop every render at once.
  IF bulk_load_active() THEN
    DELETE FROM analytics_day_renders;
    DELETE FROM analytics_filtered_day_renders;
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

CREATE OR REPLACE FUNCTION analytics_points_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analytics_day_renders;
  DELETE FROM analytics_filtered_day_renders;
  RETURN NULL;
END
$$;
