import { parseArgs } from 'node:util';
import { checkPact, formatPactCheck } from '../openapi/check-pact.js';
import { COMMON_OPTIONS, command, PROGRAM, usageError } from './command.js';
import type { CliIo } from './io.js';

const OPTIONS = {
  openapi: { type: 'string' },
  'require-all-properties': { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

const USAGE = `Usage: ${PROGRAM} check-pact PACT [options]

Check a pact against the OpenAPI document (@pactflow/swagger-mock-validator).

Options:
  --openapi FILE         OpenAPI 3.0 JSON (default: the one published with @org/model)
  --require-all-properties
                         response bodies must hold every required property
                         (default: a pact may hold only the fields its consumer reads)
  --json                 print the findings as JSON
${COMMON_OPTIONS}

Exit status: 0 when the pact agrees with the document, 1 on an error finding, 2 on a usage error.`;

const checkPactRun = async (args: string[], io: CliIo): Promise<number> => {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: OPTIONS });
  if (positionals.length !== 1) {
    return usageError(
      io,
      'check-pact',
      'check-pact needs one pact file: contracts check-pact PACT [--openapi FILE]',
    );
  }
  const check = await checkPact(positionals[0]!, {
    ...(values.openapi ? { openapi: values.openapi } : {}),
    ...(values['require-all-properties'] ? { requireAllProperties: true } : {}),
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
