/**
 * Writes src/mini/schemas.generated.ts, the schemas of `@org/model/mini`, from the classic schemas
 * (`pnpm generate` runs it); src/mini/mini.test.ts fails while the committed file is stale.
 */
import { writeFileSync } from 'node:fs';
import { formattedMiniSource, MINI_SCHEMAS_PATH, miniSource } from './mini-source.js';

const { text, names, skipped } = miniSource();
writeFileSync(MINI_SCHEMAS_PATH, formattedMiniSource(text));
console.log(
  `wrote ${MINI_SCHEMAS_PATH}: ${names.length} schemas; not in mini (transforms): ${skipped.join(', ')}`,
);
