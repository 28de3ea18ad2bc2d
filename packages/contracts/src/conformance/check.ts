import type { ConformanceContext } from './context.js';

export type CheckArea = 'bodies' | 'pagination' | 'errors';

/** One read-only check of a deployment. It records violations instead of throwing. */
export interface ConformanceCheck {
  readonly id: string;
  readonly area: CheckArea;
  readonly title: string;
  run(ctx: ConformanceContext, v: Violations): Promise<void>;
}

export type CheckStatus = 'pass' | 'fail' | 'skip';

export interface CheckResult {
  readonly id: string;
  readonly area: CheckArea;
  readonly title: string;
  readonly status: CheckStatus;
  readonly violations: readonly string[];
  /** Why the check could not run (e.g. no record to read). */
  readonly skipped?: string;
  readonly durationMs: number;
}

/** Thrown by `Violations.skip` to end a check early without failing it. */
export class SkipCheck extends Error {}

/** Collects what a check finds wrong. */
export class Violations {
  readonly list: string[] = [];

  /** Records `message` unless `condition` holds; returns the condition. */
  expect(condition: boolean, message: string): boolean {
    if (!condition) this.list.push(message);
    return condition;
  }

  add(message: string) {
    this.list.push(message);
  }

  skip(reason: string): never {
    throw new SkipCheck(reason);
  }
}

export function check(
  area: CheckArea,
  id: string,
  title: string,
  run: (ctx: ConformanceContext, v: Violations) => Promise<void>,
): ConformanceCheck {
  return { area, id, title, run };
}
