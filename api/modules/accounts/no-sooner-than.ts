import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs `work` and settles no sooner than `floorMs` after it started, whether it succeeds or fails.
 * For answers whose duration must not depend on a secret (does this address have an account?)
 * even where the work itself cannot be made identical: the floor sits above the work's usual
 * duration, so both answers take the floor.
 */
export async function noSoonerThan<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = floorMs - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}
