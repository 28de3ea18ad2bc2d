import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Issue 27's ceiling of the built site (MB as `pnpm bench` counts them); the build and a test check it. */
export const SITE_CEILING_BYTES = 15 * 1024 * 1024;

export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

/** What the site weighs: every file under its directory, in bytes. */
export async function siteSize(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  return total;
}
