import { type CheckResult, type ConformanceCheck, SkipCheck, Violations } from './check.js';
import { bodyChecks } from './checks/bodies.js';
import { errorChecks } from './checks/errors.js';
import { paginationChecks } from './checks/pagination.js';
import { ConformanceContext, type ConformanceOptions } from './context.js';

export interface ConformanceReport {
  readonly baseUrl: string;
  readonly results: CheckResult[];
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
  readonly violations: number;
  readonly durationMs: number;
  /** True when no check found a violation. */
  readonly ok: boolean;
}

export interface RunOptions extends ConformanceOptions {
  /** Called when a check starts and when it ends (progress). */
  readonly onCheckStart?: (check: ConformanceCheck, index: number, total: number) => void;
  readonly onCheckEnd?: (result: CheckResult, index: number, total: number) => void;
}

/** Every check, in the order they run: bodies (which find ids), pagination, errors. */
export function conformanceChecks(ctx: ConformanceContext): ConformanceCheck[] {
  return [...bodyChecks(ctx), ...paginationChecks(), ...errorChecks()];
}

/**
 * Read-only checks of any deployment against the model: every response body validates,
 * pagination links and caps behave, error bodies match `{ detail, code }`, rate-limit headers are present.
 * Only GET requests are sent; 429s are waited out as Retry-After says.
 */
export async function runConformance(options: RunOptions): Promise<ConformanceReport> {
  const started = Date.now();
  const ctx = new ConformanceContext(options);
  const checks = conformanceChecks(ctx).filter((c) => !options.only || options.only.test(c.id));
  const results: CheckResult[] = [];
  for (const [index, c] of checks.entries()) {
    options.onCheckStart?.(c, index, checks.length);
    const v = new Violations();
    const t0 = Date.now();
    let skipped: string | undefined;
    try {
      await c.run(ctx, v);
    } catch (error) {
      if (error instanceof SkipCheck) skipped = error.message;
      else v.add(`the check failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    const result: CheckResult = {
      id: c.id,
      area: c.area,
      title: c.title,
      status: v.list.length ? 'fail' : skipped !== undefined ? 'skip' : 'pass',
      violations: v.list,
      ...(skipped === undefined ? {} : { skipped }),
      durationMs: Date.now() - t0,
    };
    results.push(result);
    options.onCheckEnd?.(result, index, checks.length);
  }
  const count = (status: CheckResult['status']) => results.filter((r) => r.status === status).length;
  const violations = results.reduce((n, r) => n + r.violations.length, 0);
  return {
    baseUrl: ctx.baseUrl,
    results,
    passed: count('pass'),
    failed: count('fail'),
    skipped: count('skip'),
    violations,
    durationMs: Date.now() - started,
    ok: violations === 0,
  };
}
