import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { OpenApiDocument } from '../fuzz/document.js';
import { type FuzzOptions, fuzz } from '../fuzz/fuzz.js';
import { formatFuzzReport } from '../fuzz/report.js';
import { COMMON_OPTIONS, command, PROGRAM, printReport, targetOf, usageError } from './command.js';
import type { CliIo } from './io.js';

const OPTIONS = {
  'base-url': { type: 'string' },
  instance: { type: 'string', multiple: true },
  token: { type: 'string' },
  'other-token': { type: 'string' },
  seed: { type: 'string' },
  requests: { type: 'string' },
  concurrency: { type: 'string' },
  document: { type: 'string' },
  only: { type: 'string' },
  'read-only': { type: 'boolean' },
  'organization-id': { type: 'string' },
  json: { type: 'boolean' },
} as const;

const USAGE = `Usage: ${PROGRAM} fuzz --base-url URL --token TOKEN [options]

Send generated valid and broken requests; check every answer against the document.

Options:
  --base-url URL         origin of the API (required)
  --instance URL         another instance of the same deployment (repeatable):
                         requests are spread over all of them
  --token TOKEN          organization token (or env API_TOKEN)
  --other-token TOKEN    a token of another organization: its records must never leak
  --seed N               generator seed (default 1): same seed, same requests
  --requests N           requests to send (default 1000)
  --concurrency N        requests in flight at once (default 8)
  --document FILE        OpenAPI 3.0 JSON (default: the one published with @org/model)
  --only REGEX           fuzz only the operations whose operationId matches
  --read-only            send GET requests only
  --organization-id N    the token's organization (default: learned from its records)
  --json                 print the report as JSON
${COMMON_OPTIONS}

Exit status: 0 without findings, 1 on any finding, 2 on a usage error.`;

const parseFuzzArgs = (args: string[]) => parseArgs({ args, options: OPTIONS });
type FuzzValues = ReturnType<typeof parseFuzzArgs>['values'];

/** An option that takes a whole number; undefined when it is not given. */
const wholeNumber = (values: FuzzValues, name: 'seed' | 'requests' | 'concurrency' | 'organization-id') => {
  const raw = values[name];
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) throw new Error(`--${name} takes a whole number, not ${raw}`);
  return Number(raw);
};

/** The run's options from the flags; a flag that is not given leaves the fuzzer's default. */
const fuzzOptionsOf = (values: FuzzValues, target: { baseUrl: string; token: string }): FuzzOptions => {
  const seed = wholeNumber(values, 'seed');
  const requests = wholeNumber(values, 'requests');
  const concurrency = wholeNumber(values, 'concurrency');
  const organizationId = wholeNumber(values, 'organization-id');
  const document = values.document
    ? (JSON.parse(readFileSync(values.document, 'utf8')) as OpenApiDocument)
    : undefined;
  return {
    ...target,
    ...(values.instance?.length ? { instances: values.instance } : {}),
    ...(concurrency === undefined ? {} : { concurrency }),
    ...(values['other-token'] ? { otherToken: values['other-token'] } : {}),
    ...(seed === undefined ? {} : { seed }),
    ...(requests === undefined ? {} : { requests }),
    ...(organizationId === undefined ? {} : { organizationId }),
    ...(document ? { document } : {}),
    ...(values.only ? { only: new RegExp(values.only) } : {}),
    ...(values['read-only'] ? { readOnly: true } : {}),
  };
};

/** Progress every 250 answers on the text output; JSON output stays one document. */
const progressOf =
  (io: CliIo, json: boolean): FuzzOptions['onRequest'] =>
  (index, total) => {
    if (!json && index % 250 === 0) io.out(`  ${index}/${total} requests\n`);
  };

const runFuzz = async (args: string[], io: CliIo): Promise<number> => {
  const { values } = parseFuzzArgs(args);
  const target = targetOf(values, io);
  if (!target) return usageError(io, 'fuzz', 'fuzz needs --base-url and --token (or API_TOKEN)');
  const options = fuzzOptionsOf(values, target);
  const json = values.json ?? false;
  if (!json) io.out(`Fuzzing ${target.baseUrl}\n`);
  const report = await fuzz({ ...options, onRequest: progressOf(io, json) });
  return printReport(io, report, json, formatFuzzReport);
};

export const fuzzCommand = command({ name: 'fuzz', usage: USAGE, options: OPTIONS, run: runFuzz });
