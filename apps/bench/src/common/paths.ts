import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root (this file is apps/bench/src/common/paths.ts). */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** The bench's own files that are no source: the PGlite worlds and last-run.json (git-ignored). */
export const BENCH_DATA_DIR = path.join(REPO_ROOT, 'apps', 'bench', '.data');
