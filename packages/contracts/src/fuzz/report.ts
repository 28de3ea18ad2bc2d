import type { FuzzReport } from './types.js';

const statusLine = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');

/** The report as text: requests, statuses by operation, exemptions, findings with curl lines. */
export const formatFuzzReport = (report: FuzzReport): string => {
  const lines: string[] = [];
  lines.push(
    `Fuzzed ${report.origins.join(' and ')} with seed ${report.seed}: ${report.requests} requests (${report.valid} valid, ${report.mutated} mutated) ` +
      `in ${(report.elapsedMs / 1000).toFixed(1)} s, ${report.discoveryRequests} to list resources first, ${report.shrinkRequests} to shrink findings.`,
  );
  lines.push(`Statuses: ${statusLine(report.statuses)}`);
  lines.push('By operation:');
  const width = Math.max(...Object.keys(report.byOperation).map((id) => id.length), 10);
  for (const [id, entry] of Object.entries(report.byOperation).sort(([a], [b]) => a.localeCompare(b)))
    lines.push(`  ${id.padEnd(width)} ${String(entry.sent).padStart(4)}  ${statusLine(entry.statuses)}`);
  lines.push('Server rules the document cannot express (taken into account, not reported):');
  for (const e of report.exemptions)
    lines.push(`  - ${e.id}: ${e.rule}${e.applied ? ` (excused ${e.applied} answers)` : ''}`);
  if (!report.findings.length) {
    lines.push('No findings.');
    return lines.join('\n');
  }
  lines.push(`${report.findings.length} finding${report.findings.length === 1 ? '' : 's'}:`);
  report.findings.forEach((f, i) => {
    lines.push(
      `  ${i + 1}. ${f.operationId} · ${f.check} · ${f.status} (×${f.occurrences}, ${f.request.kind})`,
    );
    lines.push(`     ${f.message}`);
    if (f.curl) lines.push(`     ${f.curl}`);
  });
  return lines.join('\n');
};
