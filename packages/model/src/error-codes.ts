/**
 * The error-code and rate-limit header tables without zod, so a project that imports only these (the
 * server's error mapping, a logger, a proxy) bundles a few hundred bytes and no schema library.
 */
/** Every error code with its HTTP status; the error schemas and the server read this table. */
export const ERROR_CODES = {
  invalid: {
    status: 400,
    description:
      'A parameter, header or body field is invalid, or the body is larger than the limit (D27); `errors` names each field.',
  },
  parse_error: { status: 400, description: 'The request body is not valid JSON.' },
  not_authenticated: { status: 401, description: 'The Authorization header is missing.' },
  authentication_failed: { status: 401, description: 'The token in the Authorization header is unknown.' },
  permission_denied: {
    status: 403,
    description:
      'The acting operator lacks the capability, or Service-Operator-Id names no operator of the organization.',
  },
  not_found: {
    status: 404,
    description: 'No such resource in the active organization (or it was excluded).',
  },
  method_not_allowed: { status: 405, description: 'The path exists but does not take this method.' },
  gone: { status: 410, description: 'The API version was retired.' },
  uri_too_long: { status: 414, description: 'The request line or a path parameter is too long (D27).' },
  unsupported_media_type: {
    status: 415,
    description: 'A write request without Content-Type: application/json.',
  },
  throttled: {
    status: 429,
    description: 'A daily or burst limit was reached; Retry-After says when to try again.',
  },
  headers_too_large: {
    status: 431,
    description: 'The request headers together are larger than the server accepts (D27).',
  },
  error: { status: 500, description: 'An unexpected fault; it is logged with the request id.' },
  unavailable: {
    status: 503,
    description:
      "The server cannot answer for now (for example, a transaction kept conflicting with concurrent writes through the server's retries); Retry-After says when to try again.",
  },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
export type ErrorStatus = (typeof ERROR_CODES)[ErrorCode]['status'];

/** A path parameter longer than the transport takes (D27): only a path with parameters answers it. */
export const PATH_TOO_LONG_STATUS = ERROR_CODES.uri_too_long.status;
/** Request headers larger than the transport takes (D27): any request can answer it. */
export const HEADERS_TOO_LARGE_STATUS = ERROR_CODES.headers_too_large.status;

/**
 * Statuses the HTTP layer answers before routing, authentication or counting (a path
 * parameter too long, headers too large). The operations document them, but they are properties
 * of the transport, not scenarios of an operation's contract.
 */
export const TRANSPORT_ERROR_STATUSES = [
  PATH_TOO_LONG_STATUS,
  HEADERS_TOO_LARGE_STATUS,
] as const satisfies readonly ErrorStatus[];

/**
 * Statuses answered before any rate-limit counter is touched, whatever the operation: not
 * authenticated (401: no organization to count against), a retired version (410) and the
 * transport's limits. Their answers carry no rate-limit headers.
 */
export const UNCOUNTED_ERROR_STATUSES = [
  401,
  410,
  ...TRANSPORT_ERROR_STATUSES,
] as const satisfies readonly ErrorStatus[];

/**
 * Statuses any counted operation can answer however it is called: an unexpected fault (500, the
 * server's error handler) and a transient failure it gave up retrying (503: every statement on
 * PostgreSQL is retried on a serialization failure or deadlock, reads included, and gives up after
 * 5 attempts). The endpoint table
 * appends them to every operation that reaches the store.
 */
export const SERVER_ERROR_STATUSES = [500, 503] as const satisfies readonly ErrorStatus[];

export const ERROR_STATUSES = [...new Set(Object.values(ERROR_CODES).map((e) => e.status))] as ErrorStatus[];

/** The codes that a status can carry, e.g. 401 -> not_authenticated | authentication_failed. */
export function errorCodesFor(status: ErrorStatus): [ErrorCode, ...ErrorCode[]] {
  return (Object.keys(ERROR_CODES) as ErrorCode[]).filter((c) => ERROR_CODES[c].status === status) as [
    ErrorCode,
    ...ErrorCode[],
  ];
}

/** The rate-limit header names, by role; the server, the client and the contracts read them here. */
export const RATE_LIMIT_HEADER_NAMES = {
  limit: 'X-RateLimit-Limit',
  remaining: 'X-RateLimit-Remaining',
  reset: 'X-RateLimit-Reset',
  retryAfter: 'Retry-After',
} as const;
const H = RATE_LIMIT_HEADER_NAMES;

/** Rate-limit headers on every counted response, errors included; Retry-After on 429. */
export const RATE_LIMIT_HEADERS = {
  [H.limit]: 'Requests allowed in the current window of this counter.',
  [H.remaining]: 'Requests left in the current window of this counter.',
  [H.reset]: 'Seconds until the current window of this counter resets.',
} as const;
export const RETRY_AFTER_HEADER = { [H.retryAfter]: 'Seconds to wait before the next request.' } as const;
