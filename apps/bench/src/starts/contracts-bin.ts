import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../common/paths.js';

/** The built `contracts` bin, as @org/contracts declares it (built by turbo before `pnpm bench`: apps/adoption needs it). */
export const CONTRACTS_BIN = (() => {
  const dir = path.join(REPO_ROOT, 'packages', 'contracts');
  const { bin } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    bin: Record<string, string>;
  };
  return path.join(dir, bin.contracts!);
})();
