import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = '@org/contracts';

const thisFile = (): string => fileURLToPath(import.meta.url);

/**
 * The version of the installed package, read from its package.json. The sources (src/cli/) and the
 * build (dist/) sit at different depths below it, so walk up to the package.json that names it.
 */
export function packageVersion(): string {
  let dir = dirname(thisFile());
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === PACKAGE_NAME && typeof pkg.version === 'string') return pkg.version;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json of ${PACKAGE_NAME} above ${thisFile()}`);
    dir = parent;
  }
}
