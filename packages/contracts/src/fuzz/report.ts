import type { FuzzFinding, FuzzReport } from './types.js';

const statusLine = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** What each phase sent, how long it took and its rate. */
function phaseLines(report: FuzzReport): string[] {
  const lines = [`Fuzzed ${report.origins.join(' and ')} with seed ${report.seed}.`];
  if (report.phases.includes('stateless'))
    lines.push(
      `Stateless phase: ${report.requests} requests (${report.valid} valid, ${report.mutated} mutated) and ${report.authProbes} auth probes ` +
        `in ${seconds(report.elapsedMs)}: ${report.rates.stateless} requests/s.`,
    );
  if (report.phases.includes('stateful')) {
    const { sequences, steps, elapsedMs } = report.stateful;
    lines.push(
      `Stateful phase: ${sequences} sequences, ${steps} steps in ${seconds(elapsedMs)}: ${report.rates.stateful} steps/s.`,
    );
    for (const [step, statuses] of Object.entries(report.stateful.byStep))
      lines.push(`  ${step}: ${statusLine(statuses)}`);
  }
  lines.push(
    `Besides: ${report.discoveryRequests} requests to list resources, ${report.shrinkRequests} to shrink findings.`,
  );
  return lines;
}

/** One finding: its check, where it failed, the message, and the curl (a script for a sequence). */
function findingLines(f: FuzzFinding, i: number): string[] {
  const steps = f.sequence.length;
  const lines = [
    `  ${i + 1}. ${f.operationId} · ${f.check} · ${f.status} (×${f.occurrences}, ${f.phase}, ${steps} step${steps === 1 ? '' : 's'})`,
    `     ${f.message}`,
  ];
  if (steps > 1) lines.push(...f.script.split('\n').map((line) => (line ? `     | ${line}` : '     |')));
  else if (f.curl) lines.push(`     ${f.curl}`);
  if (f.file) lines.push(`     saved: ${f.file}`);
  return lines;
}

/** The report as text: phases and rates, statuses by operation, exemptions, findings with curl. */
export function formatFuzzReport(report: FuzzReport): string {
  const lines = [...phaseLines(report), `Statuses: ${statusLine(report.statuses)}`, 'By operation:'];
  const width = Math.max(...Object.keys(report.byOperation).map((id) => id.length), 10);
  for (const [id, entry] of Object.entries(report.byOperation).sort(([a], [b]) => a.localeCompare(b)))
    lines.push(`  ${id.padEnd(width)} ${String(entry.sent).padStart(4)}  ${statusLine(entry.statuses)}`);
  lines.push('Server rules the document cannot express (taken into account, not reported):');
  for (const e of report.exemptions)
    lines.push(`  - ${e.id}: ${e.rule}${e.applied ? ` (excused ${e.applied} answers)` : ''}`);
  if (!report.findings.length) return [...lines, 'No findings.'].join('\n');
  lines.push(`${report.findings.length} finding${report.findings.length === 1 ? '' : 's'}:`);
  report.findings.forEach((f, i) => {
    lines.push(...findingLines(f, i));
  });
  if (report.failuresDir)
    lines.push(
      `Failing sequences saved in ${report.failuresDir} (a .json and a .sh each); run one again with ` +
        `contracts fuzz --replay FILE.json --token TOKEN [--other-token TOKEN].`,
    );
  return lines.join('\n');
}
