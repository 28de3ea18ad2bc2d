import { unavailable } from '../../core/api-error.js';

/** SQLSTATEs after which the whole transaction (or statement) was rolled back and may run again. */
const RETRYABLE = new Set(['40001', '40P01']); // serialization_failure, deadlock_detected

/** Attempts per transaction or statement, and the backoff between them (doubling, jittered). */
export const RETRY = { attempts: 5, firstDelayMs: 10, maxDelayMs: 200 } as const;

function isRetryable(error: unknown): boolean {
  return RETRYABLE.has((error as { code?: unknown } | null)?.code as string);
}

/**
 * Runs `fn` until it succeeds, throws something other than a serialization failure or deadlock,
 * or has failed RETRY.attempts times: then 503 with Retry-After, never a 500. Only for work that the
 * failure rolled back entirely: a top-level transaction or an autocommit statement.
 */
export async function withRetry<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (!isRetryable(error)) throw error;
      if (attempt >= RETRY.attempts)
        throw unavailable('The request conflicted with concurrent writes; try again.');
      const ceiling = Math.min(RETRY.firstDelayMs * 2 ** (attempt - 1), RETRY.maxDelayMs);
      // Jitter, so that the transactions that collided do not collide again in step.
      await new Promise((resolve) => setTimeout(resolve, ceiling / 2 + Math.random() * (ceiling / 2)));
    }
  }
}
