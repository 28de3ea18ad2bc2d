import type { EngineResult, ScenarioResult } from '../common/results.js';

/** A server process's counters at one moment (IPC `mem`: what process-figures.mjs reports). */
export interface Memory {
  rss: number;
  heapUsed: number;
  /** V8's heap as reserved (live objects and garbage not yet collected). */
  heapTotal: number;
  /** Buffers and other ArrayBuffers (outside V8's heap), live or awaiting collection. */
  arrayBuffers: number;
  /** Peak RSS of the process so far. */
  maxRss: number;
  /** process.cpuUsage() of the server process, microseconds. */
  cpuUserUs: number;
  cpuSystemUs: number;
  /** SQL statements the server sent to PostgreSQL so far (NaN on PGlite, where nothing counts them). */
  statements: number;
}

/** A row's peak: the highest RSS sampled during its runs and what that sample held. */
export function rowPeak(peak: Memory | undefined): Pick<ScenarioResult, 'serverPeakRss' | 'serverPeakParts'> {
  return {
    serverPeakRss: peak?.rss ?? 0,
    ...(peak
      ? {
          serverPeakParts: {
            heapTotal: peak.heapTotal,
            heapUsed: peak.heapUsed,
            arrayBuffers: peak.arrayBuffers,
          },
        }
      : {}),
  };
}

/** The server's memory through an engine's pass: at rest, at the peak of the load rows, after them. */
export function serverMemory(
  restRss: number,
  rows: readonly ScenarioResult[],
  afterLoadRss: number,
): EngineResult['memory'] {
  return {
    restRss,
    peakLoadRss: Math.max(restRss, ...rows.map((s) => s.serverPeakRss)),
    ...peakRowOf(rows),
    afterLoadRss,
  };
}

/** The row whose run reached the highest RSS, and what that peak held. */
function peakRowOf(rows: readonly ScenarioResult[]): Pick<EngineResult['memory'], 'peakRow'> {
  const top = rows.reduce<ScenarioResult | undefined>(
    (a, r) => (r.serverPeakRss > (a?.serverPeakRss ?? 0) ? r : a),
    undefined,
  );
  return top?.serverPeakParts ? { peakRow: { scenario: top.label, ...top.serverPeakParts } } : {};
}
