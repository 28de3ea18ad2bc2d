import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
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
