/**
 * Where the sandbox control API lives: every path below it is the control API's (and answers 404
 * without `--sandbox`). Written once; a module of its own, so the CLI names it without loading the
 * model.
 */
export const SANDBOX_PREFIX = '/_sandbox';

/**
 * The two control paths the test helpers call (sandbox-client.ts), which load no endpoint table:
 * the table's entries take their paths from here.
 */
export const SANDBOX_RESET_PATH = `${SANDBOX_PREFIX}/reset`;
export const SANDBOX_JOURNAL_PATH = `${SANDBOX_PREFIX}/requests`;

/** Whether a request target is the control API's: neither journaled nor given its preferences. */
export function isControlTarget(url: string): boolean {
  return url.startsWith(`${SANDBOX_PREFIX}/`);
}
