import type { CliIo } from './io.js';

/** The name the usage texts show; the package installs the same bin as `org-contracts` too. */
export const PROGRAM = 'contracts';

/** One subcommand of the bin: its usage text is printed by `contracts <name> --help`. */
export interface CliCommand {
  readonly name: string;
  /** One line for the list of commands in `contracts --help`. */
  readonly summary: string;
  /** The full usage: synopsis, options and exit statuses. */
  readonly usage: string;
  /** The long options the command parses, so a test can hold the usage text to them. */
  readonly options: Readonly<Record<string, unknown>>;
  readonly run: (args: string[], io: CliIo) => Promise<number> | number;
}

/** A usage's description (the paragraph after its synopsis) as a summary: lower-cased, no full stop. */
const summaryOf = (usage: string): string => {
  const description = usage.split('\n\n')[1]?.replace(/\s+/g, ' ').replace(/\.$/, '') ?? '';
  return description.charAt(0).toLowerCase() + description.slice(1);
};

/** A command whose summary is its usage's description, unless it states a shorter one. */
export function command(spec: Omit<CliCommand, 'summary'> & { readonly summary?: string }): CliCommand {
  return {
    ...spec,
    summary: spec.summary ?? summaryOf(spec.usage),
  };
}

/** The lines every command's usage ends its options with. */
export const COMMON_OPTIONS = `  -h, --help             print this usage and exit
  --version              print the version of @org/contracts and exit`;

/**
 * The arguments before a `--` terminator: after it, `--help` is a value (a pact path, say), not a
 * request for help.
 */
const optionArguments = (args: readonly string[]): readonly string[] => {
  const end = args.indexOf('--');
  return end === -1 ? args : args.slice(0, end);
};

/** `--help` or `-h` anywhere wins over every other option, as with git or npm. */
export function helpRequested(args: readonly string[]): boolean {
  return optionArguments(args).some((arg) => arg === '--help' || arg === '-h');
}

export function versionRequested(args: readonly string[]): boolean {
  return optionArguments(args).includes('--version');
}

/** A usage error of a command: the message, then where to find the options; exit status 2. */
export function usageError(io: CliIo, command: string, message: string): number {
  io.err(`${message}\nRun '${PROGRAM} ${command} --help' for its options.\n`);
  return 2;
}

/** The deployment a command talks to: --base-url and --token (or env API_TOKEN); undefined without both. */
export function targetOf(
  values: { readonly 'base-url'?: string | undefined; readonly token?: string | undefined },
  io: CliIo,
): { baseUrl: string; token: string } | undefined {
  const baseUrl = values['base-url'];
  const token = values.token ?? io.env.API_TOKEN;
  return baseUrl && token ? { baseUrl, token } : undefined;
}

/** Prints a report as JSON (--json) or as text; the exit status is 0 when it holds, 1 otherwise. */
export function printReport<R extends { readonly ok: boolean }>(
  io: CliIo,
  report: R,
  json: boolean,
  text: (report: R) => string,
): number {
  io.out(json ? `${JSON.stringify(report, null, 2)}\n` : `${text(report)}\n`);
  return report.ok ? 0 : 1;
}

/**
 * node:util parseArgs reports an unknown option, a missing value or a stray positional with these
 * codes: they are usage errors, answered with the command's usage rather than as a failure of the run.
 */
export function isArgumentError(error: unknown): error is Error {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}
