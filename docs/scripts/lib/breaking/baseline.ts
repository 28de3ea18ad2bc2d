import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

const BASELINE_FILE = /^openapi-(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?\.json$/;

export interface Baseline {
  readonly version: string;
  readonly path: string;
}

const parse = (file: string) => {
  const m = BASELINE_FILE.exec(file);
  if (!m) return undefined;
  return { numbers: [Number(m[1]), Number(m[2]), Number(m[3])], prerelease: m[4] };
};

/** Semver order on the file names (a prerelease sorts before its release). */
const compare = (a: string, b: string): number => {
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return 0;
  for (let i = 0; i < 3; i++) {
    const d = (x.numbers[i] ?? 0) - (y.numbers[i] ?? 0);
    if (d !== 0) return d;
  }
  if (x.prerelease === y.prerelease) return 0;
  if (x.prerelease === undefined) return 1;
  if (y.prerelease === undefined) return -1;
  return x.prerelease < y.prerelease ? -1 : 1;
};

export const baselineFileName = (version: string): string => `openapi-${version}.json`;

/** The document of the last release: the highest docs/releases/openapi-<version>.json. */
export const latestBaseline = async (releasesDir: string): Promise<Baseline | undefined> => {
  const files = (await readdir(releasesDir).catch(() => [] as string[])).filter((f) => BASELINE_FILE.test(f));
  const latest = files.sort(compare).at(-1);
  if (!latest) return undefined;
  return { version: latest.slice('openapi-'.length, -'.json'.length), path: join(releasesDir, latest) };
};
