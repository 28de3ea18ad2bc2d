import { closest, distance } from 'fastest-levenshtein';
import { type CliCommand, helpRequested, isArgumentError, PROGRAM, versionRequested } from './command.js';
import { COMMANDS, commandNamed } from './commands.js';
import type { CliIo } from './io.js';
import { overviewUsage } from './usage.js';
import { packageVersion } from './version.js';

export type { CliIo } from './io.js';

const OVERVIEW = overviewUsage(COMMANDS);

/** "did you mean" for a misspelt command: only a near miss, so a wrong word gets no wrong hint. */
const suggestionFor = (name: string): string => {
  const nearest = closest(
    name,
    COMMANDS.map((c) => c.name),
  );
  return distance(name, nearest) <= 2 ? ` (did you mean ${nearest}?)` : '';
};

/** `contracts help [command]`: the usage asked for is the output, so it goes to stdout with status 0. */
const help = (topic: string | undefined, io: CliIo): number => {
  if (topic === undefined) {
    io.out(`${OVERVIEW}\n`);
    return 0;
  }
  const command = commandNamed(topic);
  if (!command) {
    io.err(`unknown command ${topic}${suggestionFor(topic)}\n\n${OVERVIEW}\n`);
    return 2;
  }
  io.out(`${command.usage}\n`);
  return 0;
};

const runCommand = async (command: CliCommand, args: string[], io: CliIo): Promise<number> => {
  if (helpRequested(args)) {
    io.out(`${command.usage}\n`);
    return 0;
  }
  if (versionRequested(args)) {
    io.out(`${packageVersion()}\n`);
    return 0;
  }
  try {
    return await command.run(args, io);
  } catch (error) {
    if (isArgumentError(error)) {
      // An unknown option or a missing value: say which, then show what the command takes.
      io.err(`${PROGRAM} ${command.name}: ${error.message}\n\n${command.usage}\n`);
      return 2;
    }
    io.err(`${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
};

/** The CLI without process globals: returns the exit status. */
export async function main(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    // No command is a usage error: the overview goes where errors go.
    io.err(`${OVERVIEW}\n`);
    return 2;
  }
  if (name === '--help' || name === '-h') return help(undefined, io);
  if (name === 'help') return help(rest[0], io);
  if (name === '--version') {
    io.out(`${packageVersion()}\n`);
    return 0;
  }
  const command = commandNamed(name);
  if (command) return runCommand(command, rest, io);
  const what = name.startsWith('-')
    ? `unknown option ${name}`
    : `unknown command ${name}${suggestionFor(name)}`;
  io.err(`${what}\n\n${OVERVIEW}\n`);
  return 2;
}
