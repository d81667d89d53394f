import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RESTART_DELAY_MS, restartDelay } from './supervisor';

describe('restartDelay', () => {
  it('restarts the first crash at once and doubles the wait for each crash in a row, up to a cap', () => {
    expect(restartDelay(1)).toBe(RESTART_DELAY_MS);
    expect(RESTART_DELAY_MS).toBeLessThan(1_000);
    expect([1, 2, 3, 4].map((n) => restartDelay(n, 100, 30_000))).toEqual([100, 200, 400, 800]);
    expect(restartDelay(20, 100, 30_000)).toBe(30_000);
  });
});

describe('supervise', () => {
  it('gives up on a worker that crashes again and again instead of spinning forever', () => {
    const script = fileURLToPath(
      new URL('../tests/integration/fixtures/crash-loop-supervisor.ts', import.meta.url),
    );
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    const output = run.stdout + run.stderr;
    expect(run.status, output).toBe(1);
    expect(output.match(/crashing-worker: exiting with 1/g)).toHaveLength(4);
    expect(output).toContain('restarting in 10 ms');
    expect(output).toContain('restarting in 20 ms');
    expect(output).toContain('restarting in 40 ms');
    expect(output).toContain('crashed 3 times in a row; giving up');
  });
});
