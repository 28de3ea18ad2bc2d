import { ERROR_CODES, type ErrorBody, type ErrorCode, errorBody } from '@org/model';

/** An error answered as the error body `{detail, code}`; everything the server rejects goes through it. */
export class ApiError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly errors?: Record<string, string[]>,
    headers: Record<string, string> = {},
  ) {
    super(detail);
    this.status = ERROR_CODES[code].status;
    this.headers = headers;
  }
  get body(): ErrorBody {
    return errorBody(this.code, this.detail, this.errors);
  }
}

export function notFound(what = 'resource') {
  return new ApiError('not_found', `No such ${what}.`);
}
export function invalid(errors: Record<string, string[]>, detail = 'The request is invalid.') {
  return new ApiError('invalid', detail, errors);
}
export function permissionDenied(detail: string) {
  return new ApiError('permission_denied', detail);
}
/** 503 with Retry-After: a transient conflict the server gave up retrying (never a 500). */
export function unavailable(detail: string, retryAfterSeconds = 1) {
  return new ApiError('unavailable', detail, undefined, { 'Retry-After': String(retryAfterSeconds) });
}
