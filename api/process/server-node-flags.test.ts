import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SEMI_SPACE_MB, serverNodeFlags } from './server-node-flags';

describe('serverNodeFlags', () => {
  it('gives server processes a 64 MB young generation semi-space', () => {
    expect(serverNodeFlags([])).toEqual([`--max-semi-space-size=${SEMI_SPACE_MB}`]);
    expect(serverNodeFlags(['--import', 'tsx'], '--enable-source-maps')).toEqual([
      '--max-semi-space-size=64',
    ]);
  });

  it('leaves the size to an operator who chose one, on the command line or in NODE_OPTIONS', () => {
    expect(serverNodeFlags(['--max-semi-space-size=16'])).toEqual([]);
    expect(serverNodeFlags(['--max-semi-space-size', '16'])).toEqual([]);
    expect(serverNodeFlags([], '--enable-source-maps --max-semi-space-size=128')).toEqual([]);
  });

  it('is a flag this Node accepts, and it takes effect', () => {
    // V8 reports the new space's capacity; 64 MB semi-spaces allow well over the default's 16 MB.
    const run = spawnSync(
      process.execPath,
      [
        ...serverNodeFlags([]),
        '-e',
        "const v8 = require('v8'); const a = []; for (let i = 0; i < 2e6; i++) a.push({ i }); " +
          "console.log(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size)",
      ],
      { encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(Number(run.stdout.trim())).toBeGreaterThan(32 * 1024 * 1024);
  });
});
