/**
 * Writes the text of src/endpoint-io.generated.ts: for every endpoint of the model's table, the
 * types of src/derived-types.ts (zod's inference of the table) expanded by the TypeScript checker
 * into plain types, so a consumer's calls never instantiate zod's inference (D74).
 * scripts/write-endpoint-io.ts writes it (`pnpm generate`, after building the model, whose declarations
 * these types read); tests/endpoint-io.test.ts fails while the committed file differs from this text.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
export const GENERATED_FILE = path.join(PACKAGE_DIR, 'src/endpoint-io.generated.ts');

/** An entry per endpoint: the part names it declares, then each part's type, then its response. */
const FIELDS = {
  parts: 'DerivedParts',
  params: 'DerivedParamsInput',
  query: 'DerivedQueryInput',
  body: 'DerivedBodyInput',
  response: 'DerivedResponse',
} as const;

const PROBE_FILE = path.join(PACKAGE_DIR, 'src/__endpoint-io-probe__.ts');
const PROBE = `import type { EndpointId } from '@org/model';
import type { DateInput, ${Object.values(FIELDS).join(', ')} } from './derived-types.js';
export type { DateInput };
export type Table = {
  [Id in EndpointId]: { ${Object.entries(FIELDS)
    .map(([field, alias]) => `${field}: ${alias}<Id>`)
    .join('; ')} };
};
`;

/**
 * As a consumer compiles: optional properties keep exactly the `| undefined` the model gives them.
 * Plain types print in full, with no alias but DateInput (the file imports it).
 */
const compilerOptions = (): ts.CompilerOptions => {
  const configFile = path.join(PACKAGE_DIR, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`cannot read ${configFile}`);
  return { ...parsed.options, exactOptionalPropertyTypes: true, noEmit: true };
};

const PRINT_FLAGS =
  ts.TypeFormatFlags.NoTruncation |
  ts.TypeFormatFlags.InTypeAlias |
  ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType;

const biome = () => {
  const require = createRequire(import.meta.url);
  return require.resolve('@biomejs/biome/bin/biome', {
    paths: [PACKAGE_DIR, path.join(PACKAGE_DIR, '../..')],
  });
};

/** Formatted as the repository's Biome configuration formats sources. */
const format = (text: string): string =>
  execFileSync(
    process.execPath,
    [
      biome(),
      'format',
      '--config-path',
      path.join(PACKAGE_DIR, '../../tooling/biome.json'),
      `--stdin-file-path=${GENERATED_FILE}`,
    ],
    { input: text, encoding: 'utf8' },
  );

export function generateEndpointIo(): string {
  const options = compilerOptions();
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (file) => (path.resolve(file) === PROBE_FILE ? PROBE : readFile(file));
  host.fileExists = (file) => path.resolve(file) === PROBE_FILE || fileExists(file);
  const program = ts.createProgram([PROBE_FILE], options, host);
  const errors = ts.getPreEmitDiagnostics(program, program.getSourceFile(PROBE_FILE));
  if (errors.length) throw new Error(ts.formatDiagnostics(errors, host));
  const checker = program.getTypeChecker();
  const probe = program.getSourceFile(PROBE_FILE)!;
  const table = checker
    .getExportsOfModule(checker.getSymbolAtLocation(probe)!)
    .find((s) => s.name === 'Table')!;
  const print = (symbol: ts.Symbol) =>
    checker.typeToString(checker.getTypeOfSymbol(symbol), probe, PRINT_FLAGS);
  const entries = checker
    .getPropertiesOfType(checker.getDeclaredTypeOfSymbol(table))
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .map((endpoint) => {
      const fields = checker.getPropertiesOfType(checker.getTypeOfSymbol(endpoint));
      const byName = new Map(fields.map((field) => [field.name, field]));
      const lines = Object.keys(FIELDS).map((field) => `readonly ${field}: ${print(byName.get(field)!)};`);
      return `readonly ${endpoint.name}: {\n${lines.join('\n')}\n};`;
    });
  const text = `// Generated from src/derived-types.ts by scripts/endpoint-io.ts: do not edit. After a change to the
// model's endpoint table, \`pnpm generate\` rewrites it (D74).
import type { DateInput } from './derived-types.js';

/** Per endpoint: the request parts it declares, the input of each, and the response body. */
export interface EndpointIO {
${entries.join('\n')}
}
`;
  return format(text);
}
