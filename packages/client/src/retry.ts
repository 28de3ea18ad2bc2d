import { ERROR_CODES } from '@org/model';

/**
 * The statuses the client waits out and retries, both answered with Retry-After in seconds:
 * 429 throttled and 503 unavailable (a statement kept conflicting through the server's own retries).
 */
export const RETRIED_STATUSES: ReadonlySet<number> = new Set(
  (['throttled', 'unavailable'] as const).map((code) => ERROR_CODES[code].status),
);

/** How the client answers 429 Too Many Requests and 503 Service Unavailable. */
export interface RetryOptions {
  /** Retries after the first attempt; default 2. */
  readonly maxRetries?: number | undefined;
  /** A Retry-After longer than this is not waited for: the error is thrown at once. Default 60. */
  readonly maxDelaySeconds?: number | undefined;
  /** Wait when the answer carries no Retry-After (doubled per retry); default 1. */
  readonly fallbackDelaySeconds?: number | undefined;
  /** Called before each wait, e.g. to log it. */
  readonly onRetry?: ((info: RetryInfo) => void) | undefined;
}

export interface RetryInfo {
  readonly endpoint: string;
  readonly url: string;
  /** 1 for the first retry. */
  readonly attempt: number;
  readonly delaySeconds: number;
}

export interface RetryPolicy {
  readonly maxRetries: number;
  readonly maxDelaySeconds: number;
  readonly fallbackDelaySeconds: number;
  readonly onRetry: ((info: RetryInfo) => void) | undefined;
}

export const DEFAULT_RETRY: RetryPolicy = {
  maxRetries: 2,
  maxDelaySeconds: 60,
  fallbackDelaySeconds: 1,
  onRetry: undefined,
};

/** `false` turns retrying off; options are merged over the defaults. */
export function retryPolicyOf(options: RetryOptions | false | undefined): RetryPolicy | undefined {
  return options === false ? undefined : { ...DEFAULT_RETRY, ...stripUndefined(options ?? {}) };
}

/** The options that are set: one given as undefined keeps the default. */
const stripUndefined = <T extends object>(o: T): { [K in keyof T]?: Exclude<T[K], undefined> } =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };

/**
 * The seconds to wait before retry number `attempt` (1-based), or undefined when the client must
 * give up: retries exhausted, or the server asks for a longer wait than the policy allows.
 */
export function retryDelaySeconds(
  policy: RetryPolicy | undefined,
  attempt: number,
  retryAfterSeconds: number | undefined,
): number | undefined {
  if (!policy || attempt > policy.maxRetries) return undefined;
  const delay = retryAfterSeconds ?? policy.fallbackDelaySeconds * 2 ** (attempt - 1);
  return delay > policy.maxDelaySeconds ? undefined : delay;
}

/** The default wait: a timer that an AbortSignal cancels. */
export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
