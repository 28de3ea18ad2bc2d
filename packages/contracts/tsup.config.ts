import { defineConfig } from 'tsup';
import { declarationEntries } from '../../tooling/declarations.mjs';

export default defineConfig({
  entry: { index: 'src/index.ts', cli: 'src/cli.ts' },
  format: ['esm', 'cjs'],
  // Bundled from what the native compiler wrote (tooling/declarations.mjs).
  dts: { entry: declarationEntries({ index: 'src/index.ts' }) },
  sourcemap: true,
  clean: true,
  target: 'node20',
  platform: 'node',
  // The CommonJS build gets an import.meta.url from __filename (the CLI reads its package.json by it).
  shims: true,
  external: [
    'zod',
    '@org/model',
    '@org/model/openapi',
    '@org/client',
    'fast-check',
    'ajv',
    'ajv-formats',
    '@pact-foundation/pact',
    '@pactflow/swagger-mock-validator',
    '@org/reference-server',
    'fastest-levenshtein',
  ],
});
