import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

const BASELINE_FILE = /^openapi-(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\.json$/;
const VERSION = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?$/;

export interface Baseline {
  readonly version: string;
  readonly path: string;
}

const parse = (version: string) => {
  const m = VERSION.exec(version);
  if (!m) return undefined;
  return { numbers: [Number(m[1]), Number(m[2]), Number(m[3])], prerelease: m[4] };
};

/** Semver order (a prerelease sorts before its release); versions that are not semver compare equal. */
export function compareVersions(a: string, b: string): number {
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
}

export function baselineFileName(version: string): string {
  return `openapi-${version}.json`;
}

/** Every released document of a directory (docs/releases/openapi-<version>.json), lowest version first. */
const baselines = async (releasesDir: string): Promise<Baseline[]> => {
  const files = await readdir(releasesDir).catch(() => [] as string[]);
  return files
    .flatMap((file) => {
      const version = BASELINE_FILE.exec(file)?.[1];
      return version === undefined ? [] : [{ version, path: join(releasesDir, file) }];
    })
    .sort((a, b) => compareVersions(a.version, b.version));
};

/** The document of the last release: the highest docs/releases/openapi-<version>.json. */
export async function latestBaseline(releasesDir: string): Promise<Baseline | undefined> {
  return (await baselines(releasesDir)).at(-1);
}

/**
 * The release before `version`: the highest baseline below it. Recording a release copies its own
 * document there first, so "the latest" would then be the release itself.
 */
export async function previousBaseline(releasesDir: string, version: string): Promise<Baseline | undefined> {
  return (await baselines(releasesDir)).filter((b) => compareVersions(b.version, version) < 0).at(-1);
}
