import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';

/**
 * PostgreSQL's WebAssembly runs on V8's baseline compiler (Liftoff) only. With V8's default
 * tiering its hot functions were compiled again by the optimizing compiler: about a second of CPU
 * in background threads at every start, competing with the start itself on small machines, and
 * 70-140 MB more resident (a fuzzed server peaked at 470 MB, 330 MB on baseline code). A write
 * costs about a quarter more CPU on baseline code. V8 reads the flag when it compiles a module, so
 * it is set before the first instance; it concerns WebAssembly only (this process's).
 * The JavaScript heap may grow by half what survived the last full collection instead of up to
 * four times it (`--heap-growing-percent`, read at every collection): a process holding the
 * database too keeps its peak down. At 100 a list load peaked at 203 MB resident instead of 249 MB;
 * at 50 the bench's PGlite load rows peaked at 296 MB instead of 314 MB (D52), with no loss of
 * requests per second there.
 */
const inProcessDatabaseFlags = (() => {
  let set = false;
  return () => {
    if (!set) setFlagsFromString('--liftoff-only --heap-growing-percent=50');
    set = true;
  };
})();

let compiled: Promise<WebAssembly.Module> | undefined;
/**
 * PGlite's WebAssembly module, compiled once (V8 decodes it off this thread), as soon as a
 * start knows it opens PGlite: while a new data directory is written and the app built.
 */
export function compilePglite(): Promise<WebAssembly.Module> {
  return (compiled ??= (async () => {
    inProcessDatabaseFlags();
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    return WebAssembly.compile(await readFile(join(dirname(entry), 'pglite.wasm')));
  })());
}
