import type { CheckResult } from './check.js';
import type { ConformanceReport } from './runner.js';

const MARK = { pass: '✓', fail: '✗', skip: '-' } as const;

/** One progress line per check: `[ 12/140] ✓ listConversations  GET ... (34 ms)`, then its violations. */
export function formatCheckLine(result: CheckResult, index: number, total: number): string {
  const width = String(total).length;
  const head = `[${String(index + 1).padStart(width)}/${total}] ${MARK[result.status]} ${result.id}  ${result.title} (${result.durationMs} ms)`;
  const tail =
    result.status === 'skip'
      ? [`      skipped: ${result.skipped}`]
      : result.violations.map((m) => `      ${m}`);
  return [head, ...tail].join('\n');
}

/** The summary after the last check. */
export function formatSummary(report: ConformanceReport): string {
  const byArea = new Map<string, number>();
  for (const r of report.results)
    if (r.status === 'fail') byArea.set(r.area, (byArea.get(r.area) ?? 0) + r.violations.length);
  const areas = [...byArea].map(([area, n]) => `${area}: ${n}`).join(', ');
  return [
    '',
    `Conformance of ${report.baseUrl}: ${report.results.length} checks, ${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped (${(report.durationMs / 1000).toFixed(1)} s)`,
    report.ok ? 'No violations.' : `${report.violations} violation(s) (${areas}).`,
  ].join('\n');
}
