import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One migrated database per run; each file's database is a copy (tests/setup/database-template.ts).
    globalSetup: ['tests/setup/vitest-global-setup.ts'],
    include: [
      'api/**/*.test.ts',
      'site/**/*.test.{ts,tsx}',
      'db/**/*.test.ts',
      'admin-console/**/*.test.{ts,tsx}',
      'tests/integration/**/*.test.ts',
      'tests/architecture/**/*.test.ts',
    ],
    // *.postgres.test.ts need a real PostgreSQL server (several connections or processes on one
    // database); without DATABASE_URL they are not collected at all rather than reported as skipped.
    // The lint walls' fixtures are linted, never run (tests/architecture/lint-walls.test.ts).
    exclude: [
      ...configDefaults.exclude,
      'tests/architecture/fixtures/**',
      ...(process.env.DATABASE_URL ? [] : ['**/*.postgres.test.ts']),
    ],
    // PGlite loads a WASM Postgres per file; give it room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Threads start faster than forked processes, and a third worker runs while the tests that wait
    // (job retries, backups, supervisors, a second instance) leave a core idle: on PostgreSQL the
    // suite took 202 s with 2 forks, 184 s with 3 forks and 177 s with 3 threads (decision 0068).
    pool: 'threads',
    maxWorkers: 3,
  },
});
