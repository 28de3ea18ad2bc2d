import { type RunningServer, startServer } from '@org/reference-server';
import { TOKENS } from './contract.js';

/** Limits no verification run reaches: only the throttled server answers 429. */
const UNLIMITED = { daily: 1e9, burst: { requests: 1e9, windowSeconds: 1 }, analyticsPerMinute: 1e9 };
/** Every counter already spent: the first request of any group is a 429 with Retry-After. */
const SPENT = { daily: 0, burst: { requests: 0, windowSeconds: 60 }, analyticsPerMinute: 0 };

/** The reference server as the contract tests need it: in memory, empty but for the tenancy, port 0. */
export const startReferenceServer = (limits: 'unlimited' | 'spent' = 'unlimited'): Promise<RunningServer> =>
  startServer({
    memory: true,
    seed: false,
    tokens: { organization: TOKENS.organization, customer: TOKENS.customer },
    limits: limits === 'spent' ? SPENT : UNLIMITED,
  });
