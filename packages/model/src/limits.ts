/** Every numeric limit of both descriptions (and of the decisions, docs/decisions/api/), written once. */
export const LIMITS = {
  /** Offset pages: default and maximum page size; larger values are replaced by the maximum. */
  offsetPage: { defaultLimit: 10, maxLimit: 100, maxReachable: 10_000 },
  /** Cursor pages of the all endpoints; the description shows no maximum, so 100 is ours. */
  cursorPage: { defaultLimit: 10, maxLimit: 100 },
  /** Messages of a conversation: a cursor page, 100 by default. */
  messagesPage: { defaultLimit: 100, maxLimit: 100 },
  /** Bulk DELETE on a list endpoint. */
  bulkDelete: { defaultLimit: 10, maxLimit: 100 },
  /** Requests per UTC day per organization and resource group. */
  dailyRequests: 5000,
  /** Burst limit: requests per window per organization and resource group. */
  burst: { requests: 50, windowSeconds: 10 },
  /** Analytics: requests per minute per metric endpoint per organization. */
  analyticsPerMinute: 10,
  /** Analytics: longest range of one request, in days. */
  analyticsMaxRangeDays: 93,
  /** Largest id of any resource (ids are 32-bit integers); larger ids in a request are invalid. */
  maxId: 2_147_483_647,
  /** Analytics: data points in one response; more come behind its `next` link. */
  analyticsPageSize: 10_000,
  /**
   * Longest string of a request field or filter that the database indexes (names, emails, phone
   * numbers, identifiers, topic texts, string filters), in characters. A btree entry holds
   * about 2,700 bytes; 500 characters of up to 3 UTF-8 bytes each stay well below it.
   */
  maxStringLength: 500,
  /** Longest note body, in characters (free text, not btree-indexed, so longer). */
  maxTextLength: 10_000,
  /** Most items of an array in a request body (topic texts, operator group ids); more answer 400. */
  maxArrayItems: 100,
  /** Deepest nesting of arrays and objects in a JSON body; deeper answers 400. */
  maxJsonDepth: 32,
  /** Largest request body, in bytes; a larger one answers 400 naming the limit. */
  maxBodyBytes: 1_048_576,
  /** Requests answered on one keep-alive connection; the last carries `Connection: close`. */
  maxRequestsPerConnection: 1_000,
  /** Longest path parameter (an id or a metric name), in characters; longer answers 414 before routing. */
  maxPathParamLength: 100,
} as const;
