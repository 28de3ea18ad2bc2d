import { writeFileSync } from 'node:fs';
import type { ExchangeReport, ReportedFinding } from './report.js';

function plural(count: number, one: string): string {
  return `${count} ${one}${count === 1 ? '' : 's'}`;
}

function statusesOf(statuses: Record<string, number>): string {
  return Object.entries(statuses)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
}

/** What was judged, in one line. */
function scopeLine(report: ExchangeReport): string {
  const parts = [
    `${plural(report.exchanges, 'exchange')} from ${report.sources.join(', ') || '(none)'}`,
    `${report.judged} of the API judged`,
  ];
  if (report.outside) parts.push(`${report.outside} outside it (not judged)`);
  if (report.bodiesNotJudged)
    parts.push(
      `${plural(report.bodiesNotJudged, 'body')} not judged (${report.bodyLimitBytes === undefined ? 'not recorded' : `over ${report.bodyLimitBytes} bytes, or not recorded`})`,
    );
  return parts.join(', ');
}

function settingsLine(report: ExchangeReport): string {
  const bodies = report.strict
    ? 'bodies strict (a property the document does not declare is a finding)'
    : 'bodies tolerant (unknown properties allowed; --strict to report them)';
  const limit =
    report.bodyLimitBytes === undefined ? '' : `; bodies judged up to ${report.bodyLimitBytes} bytes`;
  return `Checks: status, content type, headers, ${bodies}, requests${limit}`;
}

function findingLine(f: ReportedFinding): string {
  const decision = f.decision ? ` (${f.decision})` : '';
  return `${f.operationId} · ${f.check} · ${f.status} · ${f.pointer}: expected ${f.expected}, got ${f.got}${decision} ×${f.occurrences}\n    ${f.example.method} ${f.example.url}${f.example.source ? ` (${f.example.source})` : ''}`;
}

/** The report as text: scope, findings, contradicted decisions, operations. */
export function formatExchangeReport(report: ExchangeReport): string {
  const lines = [scopeLine(report), settingsLine(report)];
  if (report.ok) {
    lines.push(`No findings: every judged answer agrees with the document.`);
  } else {
    lines.push(
      '',
      `Findings: ${report.findings.length} distinct in ${plural(report.withFindings, 'answer')}`,
      ...report.findings.map((f) => `  ${findingLine(f)}`),
    );
    if (report.byDecision.length)
      lines.push('', 'Decisions:', ...report.byDecision.map((d) => `  ${d.line}`));
  }
  const operations = Object.entries(report.byOperation);
  if (operations.length)
    lines.push(
      '',
      'Operations:',
      ...operations.map(
        ([id, o]) =>
          `  ${id}: ${plural(o.exchanges, 'answer')} (${statusesOf(o.statuses)})${
            o.withFindings
              ? `, ${o.withFindings} with findings: ${Object.entries(o.checks)
                  .map(([check, n]) => `${check} ×${n}`)
                  .join(', ')}`
              : ''
          }`,
      ),
    );
  return lines.join('\n');
}

/** A Markdown table cell: pipes and line breaks escaped. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** The report as Markdown, for a CI summary or an issue. */
export function exchangeReportMarkdown(report: ExchangeReport): string {
  const lines = [
    '# Is the model still true of the platform?',
    '',
    `${scopeLine(report)}.`,
    '',
    `${settingsLine(report)}.`,
    '',
  ];
  if (report.ok) lines.push('No findings: every judged answer agrees with the document.', '');
  else {
    if (report.byDecision.length)
      lines.push('## Decisions contradicted', '', ...report.byDecision.map((d) => `- ${d.line}`), '');
    lines.push(
      '## Findings',
      '',
      '| Operation | Check | Status | Where | Expected | Got | Decision | Answers | Example |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      ...report.findings.map(
        (f) =>
          `| ${cell(f.operationId)} | \`${f.check}\` | ${f.status} | \`${cell(f.pointer)}\` | ${cell(f.expected)} | ${cell(f.got)} | ${f.decision ?? ''} | ${f.occurrences} | \`${cell(`${f.example.method} ${f.example.url}`)}\` |`,
      ),
      '',
    );
  }
  lines.push(
    '## Operations',
    '',
    '| Operation | Answers | Statuses | With findings |',
    '| --- | --- | --- | --- |',
    ...Object.entries(report.byOperation).map(
      ([id, o]) => `| ${id} | ${o.exchanges} | ${statusesOf(o.statuses)} | ${o.withFindings} |`,
    ),
    '',
  );
  return lines.join('\n');
}

/** Writes the report where `--report FILE` says: Markdown for `.md`, JSON otherwise. */
export function writeExchangeReport(file: string, report: ExchangeReport): void {
  const text = /\.(md|markdown)$/i.test(file)
    ? exchangeReportMarkdown(report)
    : `${JSON.stringify(report, null, 2)}\n`;
  writeFileSync(file, text);
}
