/**
 * Writes src/endpoint-io.generated.ts (D74). `pnpm generate` runs it after building the model: the
 * types it expands are read from the model's declarations, so an unbuilt change would be missed.
 */
import { writeFileSync } from 'node:fs';
import { GENERATED_FILE, generateEndpointIo } from './endpoint-io.js';

writeFileSync(GENERATED_FILE, generateEndpointIo());
console.log(`wrote ${GENERATED_FILE}`);
