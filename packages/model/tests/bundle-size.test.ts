/**
 * Tree-shaking as a consumer's bundler sees the built package (turbo builds before the tests): a
 * project importing one schema or one table bundles only the modules behind it, not the model.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { consumerBundleOptions } from '../../../tooling/consumer-bundle.mjs';

const entry = resolve(import.meta.dirname, '../dist/index.js');
/** `@org/model/mini`'s ES entry (D73). */
const miniEntry = resolve(import.meta.dirname, '../dist/mini/index.js');
const LIMIT = 30 * 1024;
/** Issue #24's goal for one record schema, zod included: zod mini plus the mini entry's own checks (D79). */
const MINI_LIMIT = 25 * 1024;

/** Minified bytes of an ES module that imports from @org/model; zod bundled in or left external. */
const bundleSize = async (source: string, zod: 'bundled' | 'external'): Promise<number> => {
  if (!existsSync(entry)) throw new Error(`${entry} is missing: build the package first.`);
  const result = await build({
    ...consumerBundleOptions(source, import.meta.dirname, zod),
    alias: { '@org/model': entry },
  });
  return result.outputFiles[0]!.contents.length;
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('a consumer bundles only what it imports (esbuild, minified)', () => {
  it('ERROR_CODES alone is under 30 KB, zod included (it needs no zod)', async () => {
    const size = await bundleSize(
      "import { ERROR_CODES } from '@org/model'; console.log(ERROR_CODES);",
      'bundled',
    );
    console.log(`ERROR_CODES alone: ${kb(size)}`);
    expect(size).toBeLessThan(LIMIT);
  });

  it('one schema (ConversationSchema) is under 30 KB besides zod, the project’s own peer', async () => {
    const source =
      "import { ConversationSchema } from '@org/model'; console.log(ConversationSchema.parse({}));";
    const [own, withZod] = await Promise.all([bundleSize(source, 'external'), bundleSize(source, 'bundled')]);
    console.log(`ConversationSchema alone: ${kb(own)} (${kb(withZod)} with zod bundled)`);
    expect(own).toBeLessThan(LIMIT);
  });

  it('one zod mini schema (@org/model/mini) is at most 25 KB with zod bundled, under a third of the classic one', async () => {
    const record = (from: string) =>
      `import { ConversationSchema } from '${from}'; console.log(ConversationSchema.parse({}));`;
    const [mini, classic] = await Promise.all([
      bundleSize(record(miniEntry), 'bundled'),
      bundleSize(record(entry), 'bundled'),
    ]);
    console.log(
      `ConversationSchema with zod bundled: ${kb(mini)} from @org/model/mini, ${kb(classic)} classic`,
    );
    expect(mini).toBeLessThanOrEqual(MINI_LIMIT);
    expect(mini * 3).toBeLessThan(classic);
  });

  it('@org/model/mini bundles only the schemas imported (a note does not bring the conversation)', async () => {
    const schemaAlone = (name: string) =>
      bundleSize(`import { ${name} } from '${miniEntry}'; console.log(${name}.parse({}));`, 'external');
    const [note, conversation] = await Promise.all([
      schemaAlone('NoteSchema'),
      schemaAlone('ConversationSchema'),
    ]);
    expect(note).toBeLessThan(conversation / 2);
  });

  it('the whole model is larger, so the figures above measure tree-shaking', async () => {
    const size = await bundleSize("import * as model from '@org/model'; console.log(model);", 'external');
    console.log(`the whole model: ${kb(size)}`);
    expect(size).toBeGreaterThan(2 * LIMIT);
  });
});
