import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { MemoryFS, type PGlite } from '@electric-sql/pglite';

/**
 * A data directory read into memory, to start PGlite in memory from (a prebuilt world): its
 * directories and files by their paths inside it. Each file's bytes are a buffer of their own
 * (never a slice of a larger one): PGlite's in-memory file system takes them over as they are.
 */
export interface DataDirFiles {
  directories: Array<{ path: string; mode: number }>;
  files: Array<{ path: string; mode: number; data: Uint8Array<ArrayBuffer> }>;
}

/** Where PGlite keeps its data directory in its file system. */
const PGDATA = '/pglite/data';

/** The part of Emscripten's file system API used here. */
interface EmscriptenFs {
  mkdirTree(path: string, mode?: number): void;
  writeFile(path: string, data: Uint8Array, options: { canOwn: boolean; mode?: number }): void;
}

/** The part of Emscripten's module used here: its file system, and what it waits for before it runs. */
interface EmscriptenModule {
  FS: EmscriptenFs;
  addRunDependency(): void;
  removeRunDependency(): void;
}

/**
 * PGlite's in-memory file system, holding `files` before PostgreSQL starts, so that it finds
 * a database and resumes it. PGlite's own `loadDataDir` takes a tarball and held four copies of it
 * at once (the Blob, its ArrayBuffer, the untarred entries, the file system's copies): 150 MB of
 * the demo world's peak. Here the file system owns the buffers it is given (`canOwn`): no copy.
 */
export class FilledMemoryFs extends MemoryFS {
  #files: DataDirFiles | Promise<DataDirFiles> | undefined;

  /**
   * `files` may still be arriving (a prebuilt world being decoded): PGlite's WebAssembly is then
   * instantiated and its own files written meanwhile, and PostgreSQL starts once they are here
   * (D84). If they fail, it never starts: the one who gave them sees their error (openPgliteDb).
   */
  constructor(files: DataDirFiles | Promise<DataDirFiles>) {
    super();
    this.#files = files;
  }

  override async init(pg: PGlite, options: Parameters<MemoryFS['init']>[1]): ReturnType<MemoryFS['init']> {
    const { emscriptenOpts } = await super.init(pg, options);
    // PGlite's type of the module leaves out Emscripten's run dependencies, which it exports.
    const fill = (module: { FS: EmscriptenFs }) => this.#fill(module as unknown as EmscriptenModule);
    return {
      emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), fill] },
    };
  }

  #fill(module: EmscriptenModule) {
    const files = this.#files;
    // Given once: the file system owns the buffers, and one it outgrows must not stay alive here.
    this.#files = undefined;
    if (!files) throw new Error('the data directory was given to one PGlite already');
    if (!(files instanceof Promise)) return FilledMemoryFs.#write(module.FS, files);
    // Emscripten runs PostgreSQL's runtime once nothing it depends on is pending.
    module.addRunDependency();
    files.then(
      (arrived) => {
        FilledMemoryFs.#write(module.FS, arrived);
        module.removeRunDependency();
      },
      () => {},
    );
  }

  static #write(fs: EmscriptenFs, files: DataDirFiles) {
    fs.mkdirTree(PGDATA, 0o700);
    for (const { path, mode } of files.directories) fs.mkdirTree(`${PGDATA}/${path}`, mode);
    for (const { path, mode, data } of files.files) {
      fs.mkdirTree(dirname(`${PGDATA}/${path}`));
      fs.writeFile(`${PGDATA}/${path}`, data, { canOwn: true, mode });
    }
  }
}

/** Writes `files` into the directory `dataDir` (created if missing), over what it holds. */
export async function writeDataDirFiles(dataDir: string, files: DataDirFiles): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  for (const { path, mode } of files.directories) await mkdir(join(dataDir, path), { recursive: true, mode });
  for (const { path, mode, data } of files.files) {
    await mkdir(dirname(join(dataDir, path)), { recursive: true });
    await writeFile(join(dataDir, path), data, { mode });
  }
}
