import { type ErrorBody, ErrorBodySchema, type ErrorCode } from '@org/model';
import type { z } from 'zod/v4';
import { type RateLimitInfo, rateLimitOf, retryAfterSecondsOf } from './rate-limit.js';

const API_ERROR_BRAND: unique symbol = Symbol.for('@org/client.ApiError');

/** Where a request went: for messages and for callers that log failures. */
export interface RequestTarget {
  readonly endpoint: string;
  readonly method: string;
  readonly url: string;
}

/**
 * A response with a non-success status. `body` is the error body (`detail`, `code`, and
 * `errors` per field for validation errors) when the server sent one; `rawBody` is the text.
 */
export class ApiError<S extends number = number> extends Error {
  override readonly name = 'ApiError';
  /** The brand isApiError checks (shared by every build and copy of the client). */
  readonly [API_ERROR_BRAND] = true;
  readonly status: S;
  readonly body: ErrorBody | undefined;
  readonly rawBody: string;
  readonly endpoint: string;
  readonly method: string;
  readonly url: string;
  readonly headers: Headers;
  readonly rateLimit: RateLimitInfo | undefined;
  /** Seconds from Retry-After (429). */
  readonly retryAfterSeconds: number | undefined;

  constructor(target: RequestTarget, status: S, headers: Headers, rawBody: string) {
    const body = parseErrorBody(rawBody);
    super(`${target.method} ${target.url} answered ${status}${body ? ` ${body.code}: ${body.detail}` : ''}`);
    this.status = status;
    this.body = body;
    this.rawBody = rawBody;
    this.endpoint = target.endpoint;
    this.method = target.method;
    this.url = target.url;
    this.headers = headers;
    this.rateLimit = rateLimitOf(headers);
    this.retryAfterSeconds = retryAfterSecondsOf(headers);
  }

  /** The error code, e.g. `not_found`; a code newer than this model is kept as sent. */
  get code(): ErrorCode | (string & {}) | undefined {
    return this.body?.code;
  }

  /** Validation messages per field (400 invalid). */
  get fieldErrors(): Readonly<Record<string, string[]>> {
    return this.body?.errors ?? {};
  }
}

const parseErrorBody = (text: string): ErrorBody | undefined => {
  if (!text) return undefined;
  try {
    const parsed = ErrorBodySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};

/**
 * True for an ApiError, optionally of one status: `if (isApiError(e, 404)) ...`. It checks a brand
 * registered with Symbol.for, not `instanceof`, so an error thrown by the CommonJS build of the
 * client is recognised by the ESM build (and by another copy of the package) too.
 */
export function isApiError<S extends number>(error: unknown, status: S): error is ApiError<S>;
export function isApiError(error: unknown): error is ApiError;
export function isApiError(error: unknown, status?: number): error is ApiError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { [API_ERROR_BRAND]?: unknown })[API_ERROR_BRAND] === true &&
    (status === undefined || (error as ApiError).status === status)
  );
}

/** A success response whose body does not match the model's schema (only with validation on). */
export class ResponseValidationError extends Error {
  override readonly name = 'ResponseValidationError';
  readonly endpoint: string;
  readonly url: string;
  readonly status: number;
  readonly issues: z.core.$ZodIssue[];
  readonly body: unknown;

  constructor(target: RequestTarget, status: number, body: unknown, issues: z.core.$ZodIssue[]) {
    const first = issues
      .slice(0, 3)
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    super(
      `${target.method} ${target.url} (${target.endpoint}) answered ${status} with a body the model rejects: ${first}`,
    );
    this.endpoint = target.endpoint;
    this.url = target.url;
    this.status = status;
    this.issues = issues;
    this.body = body;
  }
}
