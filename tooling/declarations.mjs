// @ts-check
/**
 * The published packages' declarations: the native compiler (TypeScript 7, which the packages'
 * typecheck already runs) writes one .d.ts per source module, and tsup only bundles those (its
 * `dts.entry` names them, through `declarationEntries`). tsup's own declaration build drives
 * TypeScript 5's JavaScript compiler over the sources: 25 s per entry of the model and 42 s for the
 * server's two, most of the builds' CPU and on the test command's critical path; the native
 * compiler writes all of the model's in about 4 s, and bundling finished declarations takes about 2.
 *
 * Run by a package's build script before tsup: `node ../../tooling/declarations.mjs`. A type error
 * fails the build, as tsup's declaration build did.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Inside the package, outside dist/ (not shipped) and outside node_modules/ (tsup's bundler takes
 * anything there for a dependency and leaves it unbundled); ignored by git and Biome.
 */
export const DECLARATIONS_DIR = '.declarations';

/**
 * tsup's `dts.entry` for entries given as source files: the declaration file the compiler wrote
 * for each.
 * @param {Record<string, string>} entries output name -> source file, e.g. { index: 'src/index.ts' }
 * @returns {Record<string, string>}
 */
export function declarationEntries(entries) {
  return Object.fromEntries(
    Object.entries(entries).map(([name, source]) => [
      name,
      `${DECLARATIONS_DIR}/${source.replace(/\.ts$/, '.d.ts')}`,
    ]),
  );
}

/**
 * Writes the declarations of the package's src/ (tests left out) into DECLARATIONS_DIR, with the
 * package's own compiler options: a generated tsconfig extends the package's.
 * @param {string} packageDir
 */
function emitDeclarations(packageDir) {
  const out = join(packageDir, DECLARATIONS_DIR);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const config = join(out, 'tsconfig.json');
  writeFileSync(
    config,
    JSON.stringify({
      extends: join(packageDir, 'tsconfig.json'),
      compilerOptions: {
        noEmit: false,
        declaration: true,
        emitDeclarationOnly: true,
        declarationMap: false,
        sourceMap: false,
        rootDir: packageDir,
        outDir: out,
      },
      include: [join(packageDir, 'src')],
      exclude: [join(packageDir, 'src/**/*.test.ts'), join(packageDir, 'src/**/*.test-d.ts')],
    }),
  );
  const tsc = join(packageDir, 'node_modules/typescript-7/bin/tsc');
  const run = spawnSync(process.execPath, [tsc, '-p', config], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  emitDeclarations(process.cwd());
