import { parseArgs } from 'node:util';
import { checkPact, formatPactCheck } from '../openapi/check-pact.js';
import { COMMON_OPTIONS, command, PROGRAM, usageError } from './command.js';
import type { CliIo } from './io.js';

const OPTIONS = {
  openapi: { type: 'string' },
  'require-all-properties': { type: 'boolean' },
  'cross-check': { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

const USAGE = `Usage: ${PROGRAM} check-pact PACT [options]

Check a pact against the OpenAPI document.

Every interaction is judged by the engine that judges the proxy's and check-har's exchanges: a
documented operation, valid parameters and body (or the documented refusal: a 415 to a body sent
as text/plain is what the document says), a documented status, no response property the document
does not declare, the headers and media type the pact states. Findings carry the codes of
@pactflow/swagger-mock-validator (response.body.incompatible, request.query.incompatible, ...), as
a Pact Broker or PactFlow shows them.

Options:
  --openapi FILE         OpenAPI 3.0 JSON (default: the one published with @org/model)
  --require-all-properties
                         response bodies must hold every required property
                         (default: a pact may hold only the fields its consumer reads)
  --cross-check          also run @pactflow/swagger-mock-validator (install it first) and add
                         its findings
  --json                 print the findings as JSON
${COMMON_OPTIONS}

Exit status: 0 when the pact agrees with the document, 1 on an error finding, 2 on a usage error.`;

const checkPactRun = async (args: string[], io: CliIo): Promise<number> => {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: OPTIONS });
  if (positionals.length !== 1) {
    return usageError(
      io,
      'check-pact',
      'check-pact needs one pact file: contracts check-pact PACT [--openapi FILE] [--cross-check]',
    );
  }
  const check = await checkPact(positionals[0]!, {
    ...(values.openapi ? { openapi: values.openapi } : {}),
    ...(values['require-all-properties'] ? { requireAllProperties: true } : {}),
    ...(values['cross-check'] ? { crossCheck: true } : {}),
  });
  io.out(values.json ? `${JSON.stringify(check, null, 2)}\n` : `${formatPactCheck(check)}\n`);
  return check.errors.length ? 1 : 0;
};

export const checkPactCommand = command({
  name: 'check-pact',
  usage: USAGE,
  options: OPTIONS,
  run: checkPactRun,
});
