/** Median of the values (mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return Number.NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** 12345.6 -> "12,346"; 12.34 -> "12.3"; 0.123 -> "0.123". */
export function formatNumber(value: number, digits?: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  const abs = Math.abs(value);
  const d = digits ?? (abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3);
  return value.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
}

/** autocannon measures latency in whole milliseconds: 0 reads "<1 ms". */
export function formatMs(ms: number): string {
  return !Number.isFinite(ms) ? 'n/a' : ms < 1 ? '<1 ms' : `${formatNumber(ms, ms >= 10 ? 0 : 1)} ms`;
}

export function formatSeconds(ms: number): string {
  return Number.isFinite(ms) ? `${formatNumber(ms / 1000)} s` : 'n/a';
}

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return 'n/a';
  if (bytes >= 1024 ** 3) return `${formatNumber(bytes / 1024 ** 3, 2)} GB`;
  if (bytes >= 1024 ** 2) return `${formatNumber(bytes / 1024 ** 2, 0)} MB`;
  if (bytes >= 1024) return `${formatNumber(bytes / 1024, 0)} KB`;
  return `${bytes} B`;
}

/** 1234567 -> "1.23M", 100000 -> "100k". */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return 'n/a';
  if (n >= 1e6) return `${formatNumber(n / 1e6, n % 1e6 === 0 ? 0 : 2)}M`;
  if (n >= 1e4) return `${formatNumber(n / 1e3, n % 1e3 === 0 ? 0 : 1)}k`;
  return formatNumber(n, 0);
}

/** Calls `fn` repeatedly for about `ms` milliseconds (after a warm-up) and returns calls per second. */
export function opsPerSecond(fn: () => unknown, ms = 1000, warmupMs = Math.min(300, ms / 3)): number {
  const run = (budget: number) => {
    let calls = 0;
    const start = performance.now();
    let now = start;
    while (now - start < budget) {
      for (let i = 0; i < 5; i++) fn();
      calls += 5;
      now = performance.now();
    }
    return (calls * 1000) / (now - start);
  };
  run(warmupMs);
  return run(ms);
}
