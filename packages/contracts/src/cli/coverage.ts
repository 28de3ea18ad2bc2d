import { parseArgs } from 'node:util';
import { pactCoverage, pactProviders, readPactInteractions } from '../coverage.js';
import { type JournalCoverage, journalCoverage } from '../journal-coverage.js';
import { formatJournalCoverage } from '../journal-coverage-text.js';
import { HIGHEST_MEASURED_LEVEL } from '../journal-levels.js';
import { type JournalRead, readJournalSources, SANDBOX_JOURNAL_SIZE } from '../journal-source.js';
import { PROVIDER_NAME } from '../provider/provider-name.js';
import { type CliCommand, COMMON_OPTIONS, PROGRAM, usageError } from './command.js';
import type { CliIo } from './io.js';

const OPTIONS = {
  'pact-dir': { type: 'string' },
  provider: { type: 'string' },
  all: { type: 'boolean' },
  'fail-missing': { type: 'boolean' },
  journal: { type: 'string', multiple: true },
  operations: { type: 'string' },
  json: { type: 'boolean' },
  'fail-under': { type: 'string' },
  'fail-under-percent': { type: 'string' },
} as const;

const USAGE = `Usage: ${PROGRAM} coverage [options]
       ${PROGRAM} coverage --journal URL|FILE [options]

Print which endpoint x status pairs the pacts cover, and the missing statuses of the endpoints
they use. With --journal, what a test run exercised against a sandbox instead: operations,
documented statuses and parameters, and the Test Coverage Level reached (TCL0-TCL7; TCL7, operation
flows, is not measured).

Options:
  --pact-dir DIR         a folder or one pact file (default ./pacts)
  --provider NAME        pacts of this provider only (default ${PROVIDER_NAME})
  --all                  list the missing pairs of every endpoint, not only the used ones;
                         with --journal, judge every operation of the API
  --fail-missing         exit status 1 when a listed pair is missing

  --journal URL|FILE     a reference server started with --sandbox (its base URL, or the URL of
                         its journal, /_sandbox/requests, with any filters), or a file holding what
                         that URL answered. The journal holds the exchanges since the sandbox's last
                         reset, the newest ${SANDBOX_JOURNAL_SIZE} at most; the report says when it is full.
                         Repeat it for the instances of one deployment: each keeps its own journal
  --operations IDS       with --journal: judge these operations (comma-separated operationIds,
                         e.g. the ones your client calls) instead of those exercised
  --json                 with --journal: print the report as JSON
  --fail-under LEVEL     with --journal: exit status 1 below this level (0-${HIGHEST_MEASURED_LEVEL}, or TCL0-TCL${HIGHEST_MEASURED_LEVEL})
  --fail-under-percent N with --journal: exit status 1 when fewer than N% of the documented (or
                         named) operations were exercised
${COMMON_OPTIONS}

Exit status: 0; 1 with --fail-missing when a listed pair is missing, or with --fail-under or
--fail-under-percent when the journal's figure is below it; 2 when no pact of the provider is found,
when the journal cannot be read, or on a usage error.`;

const parseCoverageArgs = (args: string[]) => parseArgs({ args, options: OPTIONS });
type CoverageValues = ReturnType<typeof parseCoverageArgs>['values'];

const PACT_ONLY = ['pact-dir', 'provider', 'fail-missing'] as const;
const JOURNAL_ONLY = ['operations', 'json', 'fail-under', 'fail-under-percent'] as const;

/** The pacts' endpoint x status pairs (the command's first use). */
function pactReport(values: CoverageValues, io: CliIo): number {
  const dir = values['pact-dir'] ?? 'pacts';
  const provider = values.provider ?? PROVIDER_NAME;
  const interactions = readPactInteractions(dir, { provider });
  if (!interactions.length) {
    const others = pactProviders(dir);
    io.err(
      `no pact for provider ${provider} in ${dir}${others.length ? ` (pacts there name ${others.join(', ')}: use --provider)` : ''}\n`,
    );
    return 2;
  }
  const result = pactCoverage(interactions);
  io.out(`${result.line}; ${result.usedLine}\n`);
  const inScope = values.all ? result.missing : result.missing.filter((m) => result.used.includes(m));
  for (const m of inScope) io.out(`  missing: ${m.endpoint} ${m.status} (${m.method} ${m.path})\n`);
  for (const u of result.unmatched) io.out(`  no endpoint of the model: ${u}\n`);
  return values['fail-missing'] && inScope.length ? 1 : 0;
}

/** `--fail-under 4` or `--fail-under TCL4`; undefined when not given, NaN when not a measured level. */
function levelArgument(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const match = /^(?:TCL)?([0-9])$/i.exec(raw.trim());
  const level = match ? Number(match[1]) : Number.NaN;
  return level <= HIGHEST_MEASURED_LEVEL ? level : Number.NaN;
}

function percentArgument(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const percent = /^\d+(?:\.\d+)?$/.test(raw) ? Number(raw) : Number.NaN;
  return percent <= 100 ? percent : Number.NaN;
}

/** The thresholds the report is below, one sentence each; none means exit status 0. */
function failuresOf(report: JournalCoverage, level: number | undefined, percent: number | undefined) {
  const failures: string[] = [];
  if (level !== undefined && report.level < level)
    failures.push(`below --fail-under TCL${level}: the run reached TCL${report.level}`);
  if (percent !== undefined && report.operations.percent < percent)
    failures.push(
      `below --fail-under-percent ${percent}: ${report.operations.percent}% of the operations were exercised`,
    );
  return failures;
}

function journalText(read: JournalRead, report: JournalCoverage, failures: readonly string[]): string {
  return [
    `Journal: ${read.source}, ${read.exchanges.length} exchanges since the sandbox's last reset`,
    ...(read.truncated ? [`Warning: ${read.truncated}.`] : []),
    formatJournalCoverage(report),
    ...failures.map((f) => `FAILED: ${f}`),
  ].join('\n');
}

/** `--journal`: what a test run exercised against a sandbox, and the level it reached. */
async function journalReport(values: CoverageValues, io: CliIo): Promise<number> {
  const misplaced = PACT_ONLY.filter((name) => values[name] !== undefined);
  if (misplaced.length)
    return usageError(io, 'coverage', `--${misplaced.join(', --')} reads pacts: not with --journal`);
  const level = levelArgument(values['fail-under']);
  const percent = percentArgument(values['fail-under-percent']);
  if (Number.isNaN(level))
    return usageError(
      io,
      'coverage',
      `--fail-under takes a level from 0 to ${HIGHEST_MEASURED_LEVEL} (TCL7, operation flows, is not measured), not ${values['fail-under']}`,
    );
  if (Number.isNaN(percent))
    return usageError(
      io,
      'coverage',
      `--fail-under-percent takes 0 to 100, not ${values['fail-under-percent']}`,
    );
  const read = await readJournalSources(values.journal!);
  const operations = values.operations
    ?.split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const report = await journalCoverage(read.exchanges, {
    ...(operations ? { operations } : {}),
    ...(values.all ? { all: true } : {}),
  });
  const failures = failuresOf(report, level, percent);
  io.out(
    values.json
      ? `${JSON.stringify({ journal: { source: read.source, truncated: read.truncated }, ...report, failures }, null, 2)}\n`
      : `${journalText(read, report, failures)}\n`,
  );
  return failures.length ? 1 : 0;
}

async function coverage(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCoverageArgs(args);
  if (values.journal !== undefined) return journalReport(values, io);
  const journalOnly = JOURNAL_ONLY.filter((name) => values[name] !== undefined);
  if (journalOnly.length)
    return usageError(io, 'coverage', `--${journalOnly.join(', --')} reads a journal: give --journal URL`);
  return pactReport(values, io);
}

export const coverageCommand: CliCommand = {
  name: 'coverage',
  summary: 'print which endpoint x status pairs the pacts cover, or what a sandbox journal exercised',
  usage: USAGE,
  options: OPTIONS,
  run: coverage,
};
