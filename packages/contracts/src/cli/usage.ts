import { type CliCommand, PROGRAM } from './command.js';

/** The overview `contracts --help` prints: every command with its one-line summary. */
export function overviewUsage(commands: readonly CliCommand[]): string {
  const width = Math.max(...commands.map((c) => c.name.length)) + 2;
  return `Usage: ${PROGRAM} <command> [options]     (the bin is also installed as org-contracts)

Commands:
${commands.map((c) => `  ${c.name.padEnd(width)}${c.summary}`).join('\n')}

Run '${PROGRAM} <command> --help' (or '${PROGRAM} help <command>') for the options of one command.

Options:
  -h, --help   print this usage and exit
  --version    print the version of @org/contracts and exit

Exit status: 0 when everything holds, 1 on any violation or failed verification, 2 on a usage error.`;
}
