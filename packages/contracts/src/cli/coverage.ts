import { parseArgs } from 'node:util';
import { pactCoverage, pactProviders, readPactInteractions } from '../coverage.js';
import { PROVIDER_NAME } from '../provider/provider-name.js';
import { type CliCommand, COMMON_OPTIONS, PROGRAM } from './command.js';
import type { CliIo } from './io.js';

const OPTIONS = {
  'pact-dir': { type: 'string' },
  provider: { type: 'string' },
  all: { type: 'boolean' },
  'fail-missing': { type: 'boolean' },
} as const;

const USAGE = `Usage: ${PROGRAM} coverage [options]

Print which endpoint x status pairs the pacts cover, and the missing statuses of the endpoints
they use.

Options:
  --pact-dir DIR         a folder or one pact file (default ./pacts)
  --provider NAME        pacts of this provider only (default ${PROVIDER_NAME})
  --all                  list the missing pairs of every endpoint, not only the used ones
  --fail-missing         exit status 1 when a listed pair is missing
${COMMON_OPTIONS}

Exit status: 0, or 1 with --fail-missing when a listed pair is missing; 2 when no pact of the
provider is found, or on a usage error.`;

const coverage = (args: string[], io: CliIo): number => {
  const { values } = parseArgs({ args, options: OPTIONS });
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
};

export const coverageCommand: CliCommand = {
  name: 'coverage',
  summary: 'print which endpoint x status pairs the pacts cover, and the missing ones',
  usage: USAGE,
  options: OPTIONS,
  run: coverage,
};
