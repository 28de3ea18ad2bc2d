import { type Send, senderOf } from './send.js';
import type { FuzzOptions, FuzzPhase } from './types.js';

/** The options with their defaults filled in, and the one way the run sends a request. */
export interface RunSettings extends FuzzOptions {
  readonly seed: number;
  readonly requests: number;
  readonly concurrency: number;
  readonly shrinkAttempts: number;
  readonly phases: readonly FuzzPhase[];
  /** Walks of the stateful phase. */
  readonly sequences: number;
  /** Origins the main run spreads its requests over: `baseUrl` first, then the other instances. */
  readonly origins: readonly string[];
  readonly send: Send;
}

export function settingsOf(options: FuzzOptions): RunSettings {
  const requests = options.requests ?? 1000;
  const concurrency = Math.max(1, options.concurrency ?? 8);
  return {
    ...options,
    seed: options.seed ?? 1,
    requests,
    phases: options.phases ?? ['stateless', 'stateful'],
    // At least two walks per worker, so that the workers stay busy to the end of the phase.
    sequences: options.sequences ?? Math.max(2 * concurrency, Math.ceil(requests / 100)),
    concurrency,
    shrinkAttempts: options.shrinkAttempts ?? 25,
    origins: [options.baseUrl, ...(options.instances ?? [])],
    send: senderOf(
      options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      options.timeoutMs ?? 10_000,
    ),
  };
}
