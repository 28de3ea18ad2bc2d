import { parseArgs } from 'node:util';
import { readDocumentFile } from '../exchange/judged-document.js';
import { formatExchangeReport, writeExchangeReport } from '../exchange/report-text.js';
import { VIOLATIONS_HEADER } from '../proxy/forward.js';
import {
  DEFAULT_BODY_LIMIT_BYTES,
  DEFAULT_TIMEOUT_MS,
  fileLog,
  startValidatingProxy,
} from '../proxy/start-proxy.js';
import { COMMON_OPTIONS, command, PROGRAM, usageError } from './command.js';
import type { CliIo } from './io.js';

const OPTIONS = {
  upstream: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  strict: { type: 'boolean' },
  'violations-header': { type: 'boolean' },
  log: { type: 'string' },
  report: { type: 'string' },
  har: { type: 'string' },
  'body-limit': { type: 'string' },
  timeout: { type: 'string' },
  openapi: { type: 'string' },
} as const;

const USAGE = `Usage: ${PROGRAM} proxy --upstream URL [--port N] [options]

A validating proxy: forward every request to a deployment and judge each answer against the OpenAPI document.

Requests go to the upstream unchanged (any method, kept-alive connections, bodies streamed; https
upstreams are verified with Node's and the system's certificate authorities and
NODE_EXTRA_CA_CERTS), and clients get exactly what the upstream sent. Each exchange is judged on
the way by the engine of check-har and check-pact: a documented status, the documented content
type, the documented headers present and well formed, the body valid for its status, the request
against the model's request rules. The first line on stdout is the URL the proxy listens on; then
one JSON line per exchange with violations (operation, method, url, status, and per finding: check,
JSON pointer, expected, got, decision). On SIGINT or SIGTERM it prints the summary per operation
and per decision on stderr ("D16 contradicted by 3 answers of listMessages"), writes --report and
exits. When the upstream cannot be reached it answers 502, when it does not answer in time 504,
with the API's error body naming the upstream. Tokens and personal data are redacted in every
output.

Options:
  --upstream URL         the deployment to forward to, e.g. https://staging.example.com (required)
  --port N               port to listen on (default 0: a free one, printed on the first line)
  --host ADDRESS         address to listen on (default 127.0.0.1)
  --strict               a response property the document does not declare is a finding
                         (default: tolerated, as a forward-compatible client reads it)
  --violations-header    add ${VIOLATIONS_HEADER} to an answer that broke the document (opt-in:
                         otherwise answers are passed on exactly; with it, bodies within the limit
                         are held until judged)
  --log FILE             append the JSON lines to FILE instead of stdout
  --report FILE          on exit, write the report: Markdown for .md, JSON otherwise
  --har FILE             write the exchanges as HAR 1.2 (redacted), for '${PROGRAM} check-har'
  --body-limit BYTES     judge bodies up to this size; larger ones stream through unjudged
                         (default ${DEFAULT_BODY_LIMIT_BYTES}; the report states it)
  --timeout MS           how long the upstream may take to answer (default ${DEFAULT_TIMEOUT_MS})
  --openapi FILE         OpenAPI 3.0 JSON (default: the one published with @org/model)
${COMMON_OPTIONS}

Exit status (on SIGINT or SIGTERM): 0 when every judged answer agreed with the document, 1 on a
finding, 2 on a usage error or when it cannot listen.`;

/** A whole number option, or a usage error naming it. */
function wholeNumber(name: string, raw: string | undefined, fallback: number, min: number): number | string {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  return Number.isInteger(value) && value >= min
    ? value
    : `--${name} must be a whole number of at least ${min}, not ${raw}`;
}

/** Resolves on the first SIGINT or SIGTERM, and stops listening for them. */
function stopSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

async function proxyRun(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: OPTIONS });
  if (positionals.length)
    return usageError(io, 'proxy', `proxy takes no arguments: ${positionals.join(' ')}`);
  if (!values.upstream)
    return usageError(io, 'proxy', 'proxy needs --upstream URL: the deployment to forward to');
  const port = wholeNumber('port', values.port, 0, 0);
  const bodyLimit = wholeNumber('body-limit', values['body-limit'], DEFAULT_BODY_LIMIT_BYTES, 0);
  const timeout = wholeNumber('timeout', values.timeout, DEFAULT_TIMEOUT_MS, 1);
  for (const value of [port, bodyLimit, timeout])
    if (typeof value === 'string') return usageError(io, 'proxy', value);
  if ((port as number) > 65_535) return usageError(io, 'proxy', `--port must be at most 65535, not ${port}`);
  const proxy = await startValidatingProxy({
    upstream: values.upstream,
    port: port as number,
    ...(values.host ? { host: values.host } : {}),
    ...(values.openapi ? { document: readDocumentFile(values.openapi) } : {}),
    ...(values.strict ? { strict: true } : {}),
    ...(values['violations-header'] ? { violationsHeader: true } : {}),
    bodyLimitBytes: bodyLimit as number,
    timeoutMs: timeout as number,
    ...(values.har ? { har: values.har } : {}),
    onViolation: values.log ? fileLog(values.log) : (line) => io.out(`${JSON.stringify(line)}\n`),
  });
  const stopped = stopSignal();
  io.out(`${proxy.url}\n`);
  await stopped;
  const report = await proxy.close();
  if (values.report) writeExchangeReport(values.report, report);
  io.err(`${formatExchangeReport(report)}\n`);
  return report.ok ? 0 : 1;
}

export const proxyCommand = command({
  name: 'proxy',
  summary: 'a validating proxy: forward to a deployment and judge each answer against the document',
  usage: USAGE,
  options: OPTIONS,
  run: proxyRun,
});
