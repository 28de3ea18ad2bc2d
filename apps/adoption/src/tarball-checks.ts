// What a tarball must hold before it is published: what a team's install resolves, nothing else.
// Each check reads the packed .tgz itself (not the workspace folder it came from), so it sees
// exactly what a registry would serve.
import { builtinModules } from 'node:module';
import { list } from 'tar';

export interface PackedFile {
  /** Path inside the package, without tar's `package/` prefix. */
  readonly path: string;
  readonly text: string;
  /** Bytes, as unpacked. */
  readonly size: number;
}

export interface Manifest {
  name: string;
  version: string;
  main?: string;
  module?: string;
  types?: string;
  typings?: string;
  bin?: string | Record<string, string>;
  exports?: unknown;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  engines?: Record<string, string>;
}

export interface Packed {
  readonly manifest: Manifest;
  readonly files: readonly PackedFile[];
}

/** A finding: which check, and what it found. */
export interface Problem {
  readonly check: 'workspace-range' | 'undeclared-import' | 'missing-target' | 'shipped-files';
  readonly detail: string;
}

/** Files whose text the import check reads: code and type declarations. */
const CODE = /\.(?:[cm]?js|d\.[cm]?ts)$/;
/**
 * The reference server's docs site (dist/docs): scripts a browser loads, bundled, never imported by
 * Node, whose text only looks like imports (`import(...)` of names inside Scalar's bundle).
 */
const BROWSER_SITE = /^dist\/docs\//;

/** Reads a .tgz: its manifest and every file (the text of code files only). */
export async function readTarball(file: string): Promise<Packed> {
  const files: PackedFile[] = [];
  await list({
    file,
    onReadEntry: (entry) => {
      const path = entry.path.replace(/^package\//, '');
      const size = entry.size ?? 0;
      if (!CODE.test(path) && path !== 'package.json') {
        files.push({ path, text: '', size });
        entry.resume();
        return;
      }
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      entry.on('end', () => files.push({ path, text: Buffer.concat(chunks).toString('utf8'), size }));
    },
  });
  const manifest = files.find((f) => f.path === 'package.json');
  if (!manifest) throw new Error(`${file} holds no package.json`);
  return { manifest: JSON.parse(manifest.text) as Manifest, files };
}

const DEPENDENCY_FIELDS = [
  'dependencies',
  'devDependencies',
  'peerDependencies',
  'optionalDependencies',
] as const;

/** No `workspace:` or `catalog:` range: a registry install cannot resolve either. */
export function workspaceRanges({ manifest }: Packed): Problem[] {
  return DEPENDENCY_FIELDS.flatMap((field) =>
    Object.entries(manifest[field] ?? {})
      .filter(([, range]) => /^(?:workspace|catalog):/.test(range))
      .map(([name, range]) => ({
        check: 'workspace-range' as const,
        detail: `${field}.${name}: "${range}"`,
      })),
  );
}

/**
 * Every way a published file names another package: static and dynamic imports, re-exports,
 * require, require.resolve and import.meta.resolve (the demo-world bug was a require.resolve).
 */
const SPECIFIERS = [
  /\bfrom\s*["']([^"'\s]+)["']/g,
  /\bimport\s*["']([^"'\s]+)["']/g,
  /\bimport\s*\(\s*["']([^"'\s]+)["']\s*[,)]/g,
  // Bundlers rename a module's own require (createRequire's result) to require2, __require, ...
  /\b[\w$]*[rR]equire[\w$]*(?:\.resolve)?\s*\(\s*["']([^"'\s]+)["']/g,
  /\bimport\.meta\.resolve\s*\(\s*["']([^"'\s]+)["']/g,
];

const BUILTINS = new Set(builtinModules);

/** The package a bare specifier names (`@scope/name/sub` -> `@scope/name`), or undefined. */
export function packageOf(specifier: string): string | undefined {
  if (/^(?:\.|\/|node:|data:|file:|https?:|#)/.test(specifier)) return undefined;
  const [first, second] = specifier.split('/');
  const name = first!.startsWith('@') ? `${first}/${second}` : first!;
  return BUILTINS.has(name) ? undefined : name;
}

/** Packages a file's text names. */
export function importedPackages(text: string): Set<string> {
  const names = new Set<string>();
  for (const pattern of SPECIFIERS)
    for (const match of text.matchAll(pattern)) {
      const name = packageOf(match[1]!);
      if (name) names.add(name);
    }
  return names;
}

/** No published file imports or resolves a package its own manifest does not depend on. */
export function undeclaredImports({ manifest, files }: Packed): Problem[] {
  const declared = new Set([
    manifest.name,
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
    ...Object.keys(manifest.optionalDependencies ?? {}),
  ]);
  return files
    .filter((file) => CODE.test(file.path) && !BROWSER_SITE.test(file.path))
    .flatMap((file) =>
      [...importedPackages(file.text)]
        .filter((name) => !declared.has(name))
        .map((name) => ({
          check: 'undeclared-import' as const,
          detail: `${file.path} imports ${name}, which is not a dependency of ${manifest.name}${manifest.devDependencies?.[name] ? ' (only a devDependency)' : ''}`,
        })),
    );
}

/** Every file path an `exports` map points at (conditions and subpaths, recursively). */
function exportTargets(exports: unknown): string[] {
  if (typeof exports === 'string') return [exports];
  if (Array.isArray(exports)) return exports.flatMap(exportTargets);
  if (exports && typeof exports === 'object') return Object.values(exports).flatMap(exportTargets);
  return [];
}

const normalize = (target: string) => target.replace(/^\.\//, '');

/** Every `bin`, `main`, `module`, `types` and `exports` target is a file of the tarball. */
export function missingTargets({ manifest, files }: Packed): Problem[] {
  const present = new Set(files.map((f) => f.path));
  const bins = typeof manifest.bin === 'string' ? { [manifest.name]: manifest.bin } : (manifest.bin ?? {});
  const targets: Array<[string, string]> = [
    ...(['main', 'module', 'types', 'typings'] as const)
      .filter((field) => manifest[field])
      .map((field): [string, string] => [field, manifest[field]!]),
    ...Object.entries(bins).map(([name, target]): [string, string] => [`bin.${name}`, target]),
    ...exportTargets(manifest.exports).map((target): [string, string] => ['exports', target]),
  ];
  return targets
    .filter(([, target]) => {
      const path = normalize(target);
      if (!path.includes('*')) return !present.has(path);
      const [before, after] = path.split('*') as [string, string];
      return ![...present].some((file) => file.startsWith(before) && file.endsWith(after));
    })
    .map(([field, target]) => ({
      check: 'missing-target',
      detail: `${field} -> ${target} is not in the tarball`,
    }));
}

/** What a tarball may hold besides its bins: built code, the manifest, its guide, notes and licence. */
const SHIPPABLE = /^(?:dist\/|package\.json$|README\.md$|CHANGELOG\.md$|LICEN[CS]E)/;
/** What every tarball must hold: the install guide and the release notes a team reads on the registry. */
const ALWAYS_SHIPPED = ['README.md', 'CHANGELOG.md'];

/** Only the files allow-list ships (no sources, tests or local state), and README and CHANGELOG always. */
export function shippedFiles({ manifest, files }: Packed): Problem[] {
  const bins = new Set(
    Object.values(typeof manifest.bin === 'string' ? { bin: manifest.bin } : (manifest.bin ?? {})).map(
      normalize,
    ),
  );
  const present = new Set(files.map((f) => f.path));
  return [
    ...files
      // Folder entries (`package/`, `dist/`) hold nothing of their own.
      .filter((file) => !file.path.endsWith('/') && file.path !== '')
      .filter((file) => !SHIPPABLE.test(file.path) && !bins.has(file.path))
      .map((file) => ({
        check: 'shipped-files' as const,
        detail: `${file.path} is outside the files allow-list`,
      })),
    ...ALWAYS_SHIPPED.filter((path) => !present.has(path)).map((path) => ({
      check: 'shipped-files' as const,
      detail: `${path} is missing`,
    })),
  ];
}

/** Every check of a packed tarball. */
export function checkTarball(packed: Packed): Problem[] {
  return [
    ...workspaceRanges(packed),
    ...undeclaredImports(packed),
    ...missingTargets(packed),
    ...shippedFiles(packed),
  ];
}
