-- D16: navigation events are also filtered by um_widget_id.

CREATE INDEX navigation_events_widget_idx ON navigation_events (organization_id, um_widget_id, id);
