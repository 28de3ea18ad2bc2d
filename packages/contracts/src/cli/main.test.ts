import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from './commands.js';
import { main } from './main.js';

const PACKAGE_JSON = fileURLToPath(new URL('../../package.json', import.meta.url));
const BIN = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const VERSION = (JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { version: string }).version;

/** Runs the CLI in-process and keeps what it wrote where. */
const cli = async (...argv: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t), env: {} });
  return { code, out: out.join(''), err: err.join('') };
};

const NAMES = COMMANDS.map((c) => c.name);

describe('contracts --help', () => {
  it.each([['--help'], ['-h'], ['help']])(
    '%s prints the list of commands on stdout and exits 0',
    async (flag) => {
      const { code, out, err } = await cli(flag);
      expect(code).toBe(0);
      expect(err).toBe('');
      expect(out).toMatch(/^Usage: contracts <command>/);
      for (const name of NAMES) expect(out).toMatch(new RegExp(`^  ${name} `, 'm'));
    },
  );

  it('without a command prints the same list on stderr and exits 2', async () => {
    const { code, out, err } = await cli();
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(/^Usage: contracts <command>/);
  });

  it("lists each command with its summary: its usage's description unless it states a shorter one", async () => {
    const { out } = await cli('--help');
    expect(out).toMatch(/^ {2}conform +read-only conformance checks of a deployment against the model$/m);
    expect(out).toMatch(/^ {2}publish +publish pacts to the Pact Broker at PACT_BROKER_BASE_URL$/m);
  });
});

describe.each(COMMANDS.map((c) => [c.name, c] as const))('contracts %s', (name, command) => {
  it.each([['--help'], ['-h']])(`${name} %s prints this command's usage and exits 0`, async (flag) => {
    const { code, out, err } = await cli(name, flag);
    expect(code).toBe(0);
    expect(err).toBe('');
    expect(out).toBe(`${command.usage}\n`);
    expect(out).toMatch(new RegExp(`^Usage: contracts ${name}\\b`));
  });

  it('--help wins over the other arguments, a missing required one included', async () => {
    const { code, out } = await cli(name, '--json', '--help');
    expect(code).toBe(0);
    expect(out).toBe(`${command.usage}\n`);
  });

  it(`help ${name} prints the same usage`, async () => {
    expect(await cli('help', name)).toEqual({ code: 0, out: `${command.usage}\n`, err: '' });
  });

  it('its usage names every option it parses, --help and --version', () => {
    const options = [...Object.keys(command.options), 'help', 'version'];
    expect(options.filter((option) => !command.usage.includes(`--${option}`))).toEqual([]);
  });

  it('an unknown option exits 2 with the message and the usage on stderr', async () => {
    const { code, out, err } = await cli(name, '--no-such-option');
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toContain("Unknown option '--no-such-option'");
    expect(err).toContain(command.usage);
  });

  it('--version prints the package version', async () => {
    expect(await cli(name, '--version')).toEqual({ code: 0, out: `${VERSION}\n`, err: '' });
  });
});

describe('contracts --version', () => {
  it("prints the version of @org/contracts' package.json", async () => {
    expect(await cli('--version')).toEqual({ code: 0, out: `${VERSION}\n`, err: '' });
  });
});

describe('usage errors', () => {
  it('an unknown command exits 2 with the list of commands, suggesting a near miss', async () => {
    const { code, err } = await cli('verfy');
    expect(code).toBe(2);
    expect(err).toMatch(/^unknown command verfy \(did you mean verify\?\)/);
    expect(err).toContain('Usage: contracts <command>');
    expect((await cli('help', 'nothing-like-it')).err).toMatch(/^unknown command nothing-like-it\n/);
  });

  it('an unknown option before the command exits 2', async () => {
    const { code, err } = await cli('--verbose');
    expect(code).toBe(2);
    expect(err).toMatch(/^unknown option --verbose\n/);
  });

  it('a missing required option points at the command help', async () => {
    const { code, err } = await cli('fuzz', '--token', 't');
    expect(code).toBe(2);
    expect(err).toContain("Run 'contracts fuzz --help' for its options.");
  });

  it('after --, --help is an argument of the command, not a request for help', async () => {
    const { code, out, err } = await cli('coverage', '--', '--help');
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toContain('Unexpected argument');
  });
});

describe('the built bin (dist/cli.js, installed as contracts and org-contracts)', () => {
  const run = (...argv: string[]) =>
    promisify(execFile)(process.execPath, [BIN, ...argv]).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        stdout: error.stdout,
        stderr: error.stderr,
      }),
    );

  it.skipIf(!existsSync(BIN))(
    'answers --help and --version per command, and 2 on an unknown option',
    async () => {
      expect(await run('--version')).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
      for (const name of ['verify', 'check-pact', 'fuzz']) {
        const help = await run(name, '--help');
        expect(help.code, help.stderr).toBe(0);
        expect(help.stdout).toMatch(new RegExp(`^Usage: contracts ${name}\\b`));
      }
      const unknown = await run('fuzz', '--bogus');
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toMatch(/Unknown option '--bogus'[\s\S]*Usage: contracts fuzz/);
    },
  );
});
