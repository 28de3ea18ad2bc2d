import { checkHarCommand } from './check-har.js';
import { checkPactCommand } from './check-pact.js';
import type { CliCommand } from './command.js';
import { conformCommand } from './conform.js';
import { coverageCommand } from './coverage.js';
import { fuzzCommand } from './fuzz.js';
import { harToPactCommand } from './har-to-pact.js';
import { proxyCommand } from './proxy.js';
import { publishCommand } from './publish.js';
import { verifyCommand } from './verify.js';

/** Every subcommand of the bin, in the order `contracts --help` lists them. */
export const COMMANDS: readonly CliCommand[] = [
  conformCommand,
  fuzzCommand,
  verifyCommand,
  checkPactCommand,
  checkHarCommand,
  harToPactCommand,
  proxyCommand,
  coverageCommand,
  publishCommand,
];

export function commandNamed(name: string): CliCommand | undefined {
  return COMMANDS.find((command) => command.name === name);
}
