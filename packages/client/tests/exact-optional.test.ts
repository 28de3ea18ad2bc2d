import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The compiler consuming teams run: TypeScript 7, the registry's latest.
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript-7/package.json')), 'bin/tsc');
const project = fileURLToPath(new URL('./exact-optional/tsconfig.json', import.meta.url));

describe('the client under exactOptionalPropertyTypes', () => {
  it('takes options that may be undefined (`token: process.env.TOKEN`)', () => {
    const run = () =>
      execFileSync(process.execPath, [tsc, '-p', project], { encoding: 'utf8', stdio: 'pipe' });
    let output = '';
    try {
      run();
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(output).toBe('');
  });
});
