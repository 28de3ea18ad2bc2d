import type { Migration } from './migration.js';

/** D16: navigation events are also filtered by um_widget_id. */
export const navigationWidgetFilter: Migration = {
  version: 9,
  name: 'navigation events by widget',
  sql: /* sql */ `
CREATE INDEX navigation_events_widget_idx ON navigation_events (organization_id, um_widget_id, id);
`,
};
