#!/usr/bin/env node
// Committed so that pnpm can link the bin on a fresh install, before dist/ exists.
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write(
    'reference-server: not built yet; run `npx -y pnpm@10.34.9 turbo run build --filter=@org/reference-server...` (or `pnpm start` from the repository root)\n',
  );
  process.exit(1);
}
await import(cli.href);
