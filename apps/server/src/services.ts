import type { Authenticator } from './auth/authenticate.js';
import type { Db } from './db/db.js';
import type { RateLimiter } from './rate-limit/limiter.js';
import type { CountCache } from './repos/count-cache.js';
import type { FragmentCache } from './repos/fragments.js';
import type { SearchQueries } from './repos/search-queries.js';

/** What handlers share: one database, one authenticator, one limiter. */
export interface Services {
  db: Db;
  authenticator: Authenticator;
  limiter: RateLimiter;
  /** Offset-page counts; cleared by every write. */
  counts: CountCache;
  /** Rendered record JSON by record and version. */
  fragments: FragmentCache;
  /** search_query keywords -> stemmed tsquery (D11). */
  searches: SearchQueries;
  /** Data points per analytics response before a `next` link (D14; smaller in tests). */
  analyticsPageSize: number;
}
