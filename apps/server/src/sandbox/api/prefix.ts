/**
 * Where the sandbox control API lives: every path below it is the control API's (and answers 404
 * without `--sandbox`). Written once; a module of its own, so the CLI names it without loading the
 * model.
 */
export const SANDBOX_PREFIX = '/_sandbox';

/** Whether a request target is the control API's: neither journaled nor given its preferences. */
export function isControlTarget(url: string): boolean {
  return url.startsWith(`${SANDBOX_PREFIX}/`);
}
