import type { Announcer } from '../core/announcer.js';
import type { Authenticator } from '../core/auth/authenticate.js';
import type { Clock } from '../core/clock.js';
import type { CountCache } from '../core/count-cache.js';
import type { RateLimiter } from '../core/rate-limit/limiter.js';
import type { WeightedSlots } from '../core/weighted-slots.js';
import type { Db } from '../store/engine/db.js';
import type { FragmentCache } from '../store/fragments.js';
import type { SearchQueries } from '../store/search-queries.js';

/** What handlers share: one database, one authenticator, one limiter. */
export interface Services {
  db: Db;
  authenticator: Authenticator;
  limiter: RateLimiter;
  /** Offset-page counts; cleared by every write. */
  counts: CountCache;
  /** Announces the tables a request wrote, to this instance's caches and the other instances. */
  announcer: Announcer;
  /** Rendered record JSON by record and version. */
  fragments: FragmentCache;
  /** search_query keywords -> stemmed prefix tsquery. */
  searches: SearchQueries;
  /** The server's notion of now: real time unless the sandbox set it. */
  clock: Clock;
  /** Data points per analytics response before a `next` link (smaller in tests). */
  analyticsPageSize: number;
  /** Analytics reads in flight, weighed by the points they may hold (D80). */
  analyticsReads: WeightedSlots;
}
