import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'api/**/*.test.ts',
      'site/**/*.test.{ts,tsx}',
      'db/**/*.test.ts',
      'tests/integration/**/*.test.ts',
    ],
    // PGlite boots a WASM Postgres per file; give it room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
