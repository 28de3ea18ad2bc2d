import { parseArgs } from 'node:util';
import { readDocumentFile } from '../exchange/judged-document.js';
import { harToPact, SANDBOX_ORGANIZATION_TOKEN } from '../har/har-to-pact.js';
import { PROVIDER_NAME } from '../provider/provider-name.js';
import { COMMON_OPTIONS, command, PROGRAM, usageError } from './command.js';
import type { CliIo } from './io.js';

const OPTIONS = {
  consumer: { type: 'string' },
  provider: { type: 'string' },
  out: { type: 'string' },
  token: { type: 'string' },
  openapi: { type: 'string' },
} as const;

const USAGE = `Usage: ${PROGRAM} har-to-pact FILE... --consumer NAME [options]

Turn the recorded exchanges of HAR 1.2 captures into a Pact V4 pact.

Only exchanges of the API's paths that the engine of check-har judges clean (in its strict reading:
a pact pins the model's fields) become interactions, one per distinct request and status. Left out,
each listed with its reason: entries of other paths, exchanges with violations, answers whose body
was not recorded, 429 and 5xx answers (no provider state reproduces them), repeats. Response bodies
become matchers through pactMatchersFor (types and formats, not the recorded values); the provider
states come from the model's catalogue by the ids the requests use (GET /conversations/1042/ needs
conversation 1042). Requests that carried a token carry --token instead (a HAR of '${PROGRAM} proxy'
has it redacted). Verify the pact with '${PROGRAM} verify PACT --base-url URL --sandbox'.

Options:
  --consumer NAME        the consumer's name in the pact (required)
  --provider NAME        the provider's name (default ${PROVIDER_NAME})
  --out DIR              where to write <consumer>-<provider>.json, replacing it (default pacts)
  --token T              the token the requests carry: the verified provider's
                         (default ${SANDBOX_ORGANIZATION_TOKEN}, the sandbox's)
  --openapi FILE         OpenAPI 3.0 JSON (default: the one published with @org/model)
${COMMON_OPTIONS}

Needs @pact-foundation/pact installed. Exit status: 0 when the pact is written, 1 when no entry
made an interaction, 2 on a usage error or a file that cannot be read or is no HAR.`;

async function harToPactRun(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: OPTIONS });
  if (!positionals.length)
    return usageError(
      io,
      'har-to-pact',
      'har-to-pact needs at least one HAR file: contracts har-to-pact FILE...',
    );
  if (!values.consumer) return usageError(io, 'har-to-pact', 'har-to-pact needs --consumer NAME');
  const result = await harToPact(positionals, {
    consumer: values.consumer,
    ...(values.provider ? { provider: values.provider } : {}),
    ...(values.out ? { out: values.out } : {}),
    ...(values.token ? { token: values.token } : {}),
    ...(values.openapi ? { document: readDocumentFile(values.openapi) } : {}),
  });
  for (const entry of result.leftOut)
    io.err(`left out ${entry.source} ${entry.method} ${entry.url}: ${entry.reason}\n`);
  if (!result.file) {
    io.err('no entry made an interaction: no pact written\n');
    return 1;
  }
  io.out(
    `Wrote ${result.file}: ${result.interactions} interaction(s), ${result.leftOut.length} entr${result.leftOut.length === 1 ? 'y' : 'ies'} left out\n`,
  );
  return 0;
}

export const harToPactCommand = command({
  name: 'har-to-pact',
  usage: USAGE,
  options: OPTIONS,
  run: harToPactRun,
});
