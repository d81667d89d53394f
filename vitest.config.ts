import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'api/**/*.test.ts',
      'site/**/*.test.{ts,tsx}',
      'db/**/*.test.ts',
      'tests/integration/**/*.test.ts',
      'admin-console/**/*.test.ts',
    ],
    // *.postgres.test.ts need a real PostgreSQL server (several connections or processes on one
    // database); without DATABASE_URL they are not collected at all rather than reported as skipped.
    exclude: process.env.DATABASE_URL
      ? configDefaults.exclude
      : [...configDefaults.exclude, '**/*.postgres.test.ts'],
    // PGlite boots a WASM Postgres per file; give it room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
