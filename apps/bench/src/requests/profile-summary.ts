import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The parts of a V8 .cpuprofile (node --cpu-prof) the summary reads. */
export interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }>;
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileEntry {
  name: string;
  location: string;
  selfMs: number;
  share: number;
}

export interface ProfileSummary {
  /** On-CPU time inside the window (sampled), idle and stalls excluded. */
  busyMs: number;
  idleMs: number;
  /** Gaps between samples longer than the sampling interval allows: the thread was off the CPU. */
  stalledMs: number;
  /** Where those stalls happened (top 3 functions). */
  stalledIn: Array<{ name: string; ms: number }>;
  functions: ProfileEntry[];
  /** Self time by package / source file group. */
  modules: ProfileEntry[];
}

const sourceMaps = new Map<string, SourceMap | null>();
const sourceMapOf = (file: string): SourceMap | null => {
  if (!sourceMaps.has(file)) {
    let map: SourceMap | null = null;
    try {
      if (existsSync(`${file}.map`)) map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
    } catch {
      map = null;
    }
    sourceMaps.set(file, map);
  }
  return sourceMaps.get(file)!;
};

/** Where a frame is, readable: a package and path, a server source file (via its source map), node internals. */
export function describeFrame(
  url: string,
  line: number,
  column: number,
): { location: string; module: string } {
  if (!url) return { location: '', module: '(native/VM)' };
  if (url.startsWith('node:')) return { location: `${url}:${line + 1}`, module: 'node internals' };
  let file = url;
  if (url.startsWith('file://')) {
    try {
      file = fileURLToPath(url);
    } catch {
      file = url;
    }
  }
  const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(file);
  if (pkg) return { location: `${pkg[1]}/${pkg[2]}:${line + 1}`, module: pkg[1]! };
  const map = sourceMapOf(file);
  if (map) {
    const entry = map.findEntry(line, column) as { originalSource?: string; originalLine?: number };
    if (entry?.originalSource) {
      const original = entry.originalSource.startsWith('file://')
        ? fileURLToPath(entry.originalSource)
        : path.resolve(path.dirname(file), entry.originalSource);
      const source = original.replace(/^.*?((?:apps|packages)\/[^/]+\/src\/)/, '$1');
      const dep = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)\//.exec(source);
      const group = dep ? dep[1]! : path.dirname(source);
      return { location: `${source}:${(entry.originalLine ?? 0) + 1}`, module: group };
    }
  }
  const short = file.replace(/^.*?((?:apps|packages)\/[^/]+\/)/, '$1');
  return { location: `${short}:${line + 1}`, module: short.replace(/\/[^/]+$/, '') };
}

/**
 * Self time per function and per module within [fromUs, toUs] (the profile's own clock, which is
 * process.hrtime in microseconds). A sample lasts until the next one, but at most twice the usual
 * sampling interval: a longer gap means the thread was off the CPU (preempted inside a syscall on a
 * busy machine, typically `writev` handing bytes to PostgreSQL or to the load tool, whose work then
 * runs on that core), and that time is counted apart as `stalledMs`, not as the function's CPU time.
 */
export function summarizeProfile(
  profile: CpuProfile,
  window: { fromUs?: number; toUs?: number } = {},
  top = 15,
): ProfileSummary {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  const stalledIn = new Map<number, number>();
  let t = profile.startTime;
  const times = profile.timeDeltas.map((d) => (t += d));
  const sorted = [...profile.timeDeltas].sort((a, b) => a - b);
  const interval = sorted[sorted.length >> 1] ?? 1000;
  const cap = Math.max(2 * interval, 100);
  for (let i = 0; i < profile.samples.length; i++) {
    const at = times[i]!;
    const next = times[i + 1] ?? profile.endTime;
    if (
      (window.fromUs !== undefined && at < window.fromUs) ||
      (window.toUs !== undefined && at > window.toUs)
    )
      continue;
    const id = profile.samples[i]!;
    const duration = Math.max(0, next - at);
    const idle = nodes.get(id)?.callFrame.functionName === '(idle)';
    const onCpu = idle ? duration : Math.min(duration, cap);
    self.set(id, (self.get(id) ?? 0) + onCpu);
    if (duration > onCpu) stalledIn.set(id, (stalledIn.get(id) ?? 0) + duration - onCpu);
  }
  const byFunction = new Map<string, { name: string; location: string; us: number }>();
  const byModule = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  for (const [id, us] of self) {
    const frame = nodes.get(id)!.callFrame;
    const name = frame.functionName || '(anonymous)';
    if (name === '(idle)') {
      idle += us;
      continue;
    }
    busy += us;
    const where = describeFrame(frame.url, frame.lineNumber, frame.columnNumber);
    const module = where.module === '(native/VM)' ? name : where.module;
    const key = `${name} ${where.location}`;
    const entry = byFunction.get(key) ?? { name, location: where.location, us: 0 };
    entry.us += us;
    byFunction.set(key, entry);
    byModule.set(module, (byModule.get(module) ?? 0) + us);
  }
  const stalls = new Map<string, number>();
  let stalled = 0;
  for (const [id, us] of stalledIn) {
    const name = nodes.get(id)!.callFrame.functionName || '(anonymous)';
    stalls.set(name, (stalls.get(name) ?? 0) + us);
    stalled += us;
  }
  const share = (us: number) => (busy ? us / busy : 0);
  return {
    busyMs: busy / 1000,
    idleMs: idle / 1000,
    stalledMs: stalled / 1000,
    stalledIn: [...stalls.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([name, us]) => ({ name, ms: us / 1000 })),
    functions: [...byFunction.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map((e) => ({ name: e.name, location: e.location, selfMs: e.us / 1000, share: share(e.us) })),
    modules: [...byModule.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, location: '', selfMs: us / 1000, share: share(us) })),
  };
}
