import { tenancy } from './0001-tenancy.js';
import { contacts } from './0002-contacts.js';
import { conversations } from './0003-conversations.js';
import { analytics } from './0004-analytics.js';
import { derivedData } from './0005-derived-data.js';
import { bulkLoad } from './0006-bulk-load.js';
import { emailDomainSearch } from './0007-email-domain-search.js';
import { searchVectorFunctions } from './0008-search-vector-functions.js';
import { navigationWidgetFilter } from './0009-navigation-widget-filter.js';
import { analyticsPartitions } from './0010-analytics-partitions.js';
import { conversationListIndexes } from './0011-conversation-list-indexes.js';
import { recordRenders } from './0012-record-renders.js';
import { changeNotifications } from './0013-change-notifications.js';
import { conversationListKeys } from './0014-conversation-list-keys.js';
import { authChangeNotifications } from './0015-auth-change-notifications.js';
import type { Migration } from './migration.js';

export { rendersTableOf } from './0012-record-renders.js';
export { CHANGES_CHANNEL } from './0013-change-notifications.js';
export { LIST_KEY_KINDS } from './0014-conversation-list-keys.js';
export type { Migration } from './migration.js';

/** Every migration, in order. SQL lives in TS modules so the bundled server carries it. */
export const MIGRATIONS: readonly Migration[] = [
  tenancy,
  contacts,
  conversations,
  analytics,
  derivedData,
  bulkLoad,
  emailDomainSearch,
  searchVectorFunctions,
  navigationWidgetFilter,
  analyticsPartitions,
  conversationListIndexes,
  recordRenders,
  changeNotifications,
  conversationListKeys,
  authChangeNotifications,
];
