#!/usr/bin/env node
// Committed so that pnpm can link the bin on a fresh install, before dist/ exists.
import { existsSync } from 'node:fs';
import module from 'node:module';

// V8's compiled code for the bundle and its dependencies, kept between starts (Node 22.1+), in
// node-compile-cache/ under the OS temp directory unless NODE_COMPILE_CACHE names another one;
// NODE_DISABLE_COMPILE_CACHE=1 turns it off. A start that finds it parses and compiles less of the
// modules it loads before its first answer (D85).
module.enableCompileCache?.();

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write(
    'reference-server: not built yet; run `npx -y pnpm@10.34.9 turbo run build --filter=@org/reference-server...` (or `pnpm start` from the repository root)\n',
  );
  process.exit(1);
}
await import(cli.href);
