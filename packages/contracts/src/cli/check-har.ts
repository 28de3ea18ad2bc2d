import { parseArgs } from 'node:util';
import { readDocumentFile } from '../exchange/judged-document.js';
import { formatExchangeReport, writeExchangeReport } from '../exchange/report-text.js';
import { checkHar } from '../har/check-har.js';
import { COMMON_OPTIONS, command, PROGRAM, usageError } from './command.js';
import type { CliIo } from './io.js';

const OPTIONS = {
  strict: { type: 'boolean' },
  json: { type: 'boolean' },
  report: { type: 'string' },
  openapi: { type: 'string' },
} as const;

const USAGE = `Usage: ${PROGRAM} check-har FILE... [options]

Judge the exchanges of HAR 1.2 captures against the OpenAPI document.

A HAR is what browsers' dev tools, Playwright's recordHar, mitmproxy, Charles and
'${PROGRAM} proxy --har' write. Entries whose path is one of the API's are judged by the engine of
the proxy and check-pact: a documented status, the documented content type, the documented headers
present and well formed, the body valid for its status, and the request against the model's
request rules. Other entries are counted, not judged. The report lists each finding once (operation,
check, JSON pointer, expected, got, decision, how many answers showed it), then the decisions the
answers contradicted ("D16 contradicted by 3 answers of listMessages") and the operations. Tokens and
personal data (emails, names, phone numbers) are redacted in every output.

Options:
  --strict               a response property the document does not declare is a finding
                         (default: tolerated, as a forward-compatible client reads it)
  --json                 print the report as JSON
  --report FILE          also write the report: Markdown for .md, JSON otherwise
  --openapi FILE         OpenAPI 3.0 JSON (default: the one published with @org/model)
${COMMON_OPTIONS}

Exit status: 0 when every judged answer agrees with the document, 1 on a finding, 2 on a usage
error or a file that cannot be read or is no HAR.`;

async function checkHarRun(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: OPTIONS });
  if (!positionals.length)
    return usageError(io, 'check-har', 'check-har needs at least one HAR file: contracts check-har FILE...');
  const report = await checkHar(positionals, {
    ...(values.openapi ? { document: readDocumentFile(values.openapi) } : {}),
    ...(values.strict ? { strict: true } : {}),
  });
  if (values.report) writeExchangeReport(values.report, report);
  io.out(values.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatExchangeReport(report)}\n`);
  return report.ok ? 0 : 1;
}

export const checkHarCommand = command({
  name: 'check-har',
  usage: USAGE,
  options: OPTIONS,
  run: checkHarRun,
});
