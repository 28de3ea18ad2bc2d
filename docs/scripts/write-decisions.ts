import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { decisionsIndex } from './lib/decisions/index-page.js';
import { readDecisions } from './lib/decisions/read-decisions.js';
import { DECISIONS_DIR } from './lib/paths.js';

// Rewrites docs/decisions/README.md from the decision files (`pnpm generate` runs it).
const decisions = await readDecisions(DECISIONS_DIR);
await writeFile(join(DECISIONS_DIR, 'README.md'), decisionsIndex(decisions));
console.log(`docs/decisions/README.md: ${decisions.length} decisions`);
