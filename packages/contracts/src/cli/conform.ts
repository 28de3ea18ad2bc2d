import { parseArgs } from 'node:util';
import { formatCheckLine, formatSummary } from '../conformance/report.js';
import { runConformance } from '../conformance/runner.js';
import { COMMON_OPTIONS, command, PROGRAM, printReport, targetOf, usageError } from './command.js';
import type { CliIo } from './io.js';

const OPTIONS = {
  'base-url': { type: 'string' },
  token: { type: 'string' },
  'organization-id': { type: 'string' },
  'operator-id': { type: 'string' },
  'analytics-date': { type: 'string' },
  only: { type: 'string' },
  'skip-analytics': { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

const USAGE = `Usage: ${PROGRAM} conform --base-url URL --token TOKEN [options]

Read-only conformance checks of a deployment against the model.

Options:
  --base-url URL         origin of the API (required)
  --token TOKEN          organization or customer token (or env API_TOKEN)
  --organization-id N    Service-Organization-Id (customer tokens)
  --operator-id N        Service-Operator-Id
  --analytics-date DAY   UTC day of analytics to read (default yesterday)
  --only REGEX           run only the checks whose id matches
  --skip-analytics       leave out the analytics metric endpoints
  --json                 print the report as JSON instead of progress lines
${COMMON_OPTIONS}

Exit status: 0 when every check holds, 1 on a violation, 2 on a usage error.`;

const conform = async (args: string[], io: CliIo): Promise<number> => {
  const { values } = parseArgs({ args, options: OPTIONS });
  const target = targetOf(values, io);
  if (!target) return usageError(io, 'conform', 'conform needs --base-url and --token (or API_TOKEN)');
  const int = (name: 'organization-id' | 'operator-id') =>
    values[name] === undefined
      ? {}
      : { [name === 'organization-id' ? 'organizationId' : 'operatorId']: Number(values[name]) };
  const json = values.json ?? false;
  if (!json) io.out(`Checking ${target.baseUrl} against the model (read-only)\n`);
  const report = await runConformance({
    ...target,
    ...int('organization-id'),
    ...int('operator-id'),
    ...(values['analytics-date'] ? { analyticsDate: values['analytics-date'] } : {}),
    ...(values.only ? { only: new RegExp(values.only) } : {}),
    ...(values['skip-analytics'] ? { skipAnalytics: true } : {}),
    onCheckEnd: (result, index, total) => {
      if (!json) io.out(`${formatCheckLine(result, index, total)}\n`);
    },
  });
  return printReport(io, report, json, formatSummary);
};

export const conformCommand = command({ name: 'conform', usage: USAGE, options: OPTIONS, run: conform });
