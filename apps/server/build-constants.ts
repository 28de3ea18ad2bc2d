import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Constants compiled into the server's code, by the bundle (tsup.config.ts) as by the tests
 * (vitest.config.ts): both read them here, from the workspace, so that the published bundle never
 * resolves a package it does not depend on.
 *
 * `__DEMO_WORLD_HASH__`: sha256 of the demo world generator's built file, part of the prebuilt
 * worlds' fingerprint (store/prebuilt-worlds/prebuilt-world.ts). The generator is a private workspace package,
 * bundled into dist/ and never published: an installed server could not resolve it at run time.
 */
export function compiledConstants(): Record<string, string> {
  const generator = readFileSync(createRequire(import.meta.url).resolve('@org/demo-world'));
  return { __DEMO_WORLD_HASH__: JSON.stringify(createHash('sha256').update(generator).digest('hex')) };
}
