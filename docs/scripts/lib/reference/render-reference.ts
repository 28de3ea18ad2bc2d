import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { REFERENCE_TEMPLATE } from '../paths.js';
import { guidesNavHtml } from './guides-nav.js';

const NAV_MARKER = '<!-- GUIDES_NAV: replaced at build time by the links of scripts/lib/guides.ts -->';

/** The redocly CLI entry of the installed @redocly/cli (it has no exports map, so package.json resolves). */
const redoclyCli = (): string => {
  const require = createRequire(import.meta.url);
  const pkgPath = require.resolve('@redocly/cli/package.json');
  const pkg = require(pkgPath) as { bin: Record<string, string> };
  return join(dirname(pkgPath), pkg.bin.redocly ?? 'bin/cli.js');
};

/**
 * Redocly reads telemetry and update-check switches from the environment; with them off the CLI makes
 * no network call and the page gets `disableTelemetry: true` (so the browser sends no traces either).
 */
const offlineEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
});

const run = (command: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<void> =>
  new Promise((done, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? done() : reject(new Error(`redocly build-docs exited with ${code}:\n${output}`)),
    );
  });

/**
 * Renders the OpenAPI document into one self-contained HTML page with `redocly build-docs
 * --inlineBundle` (the Redoc bundle is embedded instead of loaded from the Redocly CDN) and our
 * template, which adds the guides navigation bar.
 */
export const renderReference = async (openapiPath: string, outputFile: string): Promise<void> => {
  const workDir = await mkdtemp(join(tmpdir(), 'docs-template-'));
  try {
    const template = (await readFile(REFERENCE_TEMPLATE, 'utf8')).replace(NAV_MARKER, guidesNavHtml());
    const templatePath = join(workDir, 'template.hbs');
    await writeFile(templatePath, template);
    await run(
      process.execPath,
      [
        redoclyCli(),
        'build-docs',
        resolve(openapiPath),
        '--inlineBundle',
        '--template',
        templatePath,
        '--output',
        resolve(outputFile),
        '--lint-config',
        'off',
      ],
      offlineEnv(),
      // An empty working directory: redocly would otherwise pick up a stray redocly.yaml from the cwd.
      workDir,
    );
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
};
