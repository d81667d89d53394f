import type { Instance } from 'autocannon';

/**
 * Response times of one autocannon run by half second (`BENCH_TIMELINE=1`): where a p99 comes
 * from. Under `npm run bench -- search-load` the first pass over the queries is all cache misses
 * and the rest mostly hits, so the run's p99 is the cold pass's latency, which a mean over the run
 * hides.
 */
const SLICE_MS = 500;

export function recordTimeline(instance: Instance): () => string {
  const started = Date.now();
  const slices: number[][] = [];
  instance.on('response', (_client, _status, _bytes, responseTime) => {
    const at = Math.floor((Date.now() - started) / SLICE_MS);
    const slice = slices[at] ?? [];
    slice.push(responseTime);
    slices[at] = slice;
  });
  return () =>
    Array.from(slices, (times = [], at) => {
      const sorted = [...times].sort((a, b) => a - b);
      const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
      const over = sorted.filter((t) => t >= 100).length;
      const when = `${((at * SLICE_MS) / 1000).toFixed(1).padStart(5)} s`;
      if (sorted.length === 0) return `    ${when}: no answers`;
      return `    ${when}: ${String(sorted.length).padStart(5)} answers, p50 ${pick(0.5).toFixed(0).padStart(4)} ms, p99 ${pick(0.99).toFixed(0).padStart(5)} ms, ${over} at 100 ms or more`;
    }).join('\n');
}
