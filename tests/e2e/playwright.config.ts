import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, readonly unknown[]>[number];

/**
 * End-to-end tests against the production server (`npm run build` must have run).
 *
 * Each run gets its own server on its own port with fresh data:
 * - PGlite (default): a new DATA_DIR under the OS temp directory.
 * - PostgreSQL (DATABASE_URL set, as in CI): a new database `campaign_e2e_<time>_<pid>` next to
 *   the one DATABASE_URL names. tests/e2e/e2e-server.ts creates it before starting the server
 *   and drops it (and removes the data directory) when Playwright stops the server.
 *
 * Playwright loads this file in the runner and again in every worker; the run id is kept in
 * process.env so that workers (which inherit the runner's environment) see the same names.
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

process.env.E2E_RUN_ID ??= `${Date.now()}_${process.pid}`;
const runId = process.env.E2E_RUN_ID;
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = join(tmpdir(), `campaign-hq-e2e-${runId}`);

const baseDatabaseUrl = process.env.DATABASE_URL?.trim() || undefined;
let e2eDatabaseUrl: string | undefined;
if (baseDatabaseUrl) {
  const url = new URL(baseDatabaseUrl);
  url.pathname = `/campaign_e2e_${runId}`;
  e2eDatabaseUrl = url.toString();
  // Specs that look into the database (feedback.spec.ts) read it from here.
  process.env.E2E_DATABASE_URL = e2eDatabaseUrl;
}

const isCI = !!process.env.CI;

/**
 * Debian's headless shell when installed (apt-get install chromium-headless-shell): the same Chromium
 * without a browser window to draw, so the suite takes about half the time of new-headless `chromium`
 * on a 2-core machine (docs/decisions/0065-end-to-end-tests-on-the-headless-shell.md).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumPath =
  process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: join(repoRoot, 'test-results'),
  fullyParallel: false,
  forbidOnly: isCI,
  workers: 2,
  retries: 0,
  reporter: 'list',
  // A 2-core machine runs the server, its database and two browsers at once.
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  // The campaign-donations toggle is global to the server: the two tests that switch it off run
  // last, one project after the other, so no other test ever sees it off. An announcement lands
  // in every account's notifications, so it goes after everything that counts notifications.
  projects: [
    { name: 'chromium', grepInvert: /@toggle-|@announcement/ },
    { name: 'toggle-menu', grep: /@toggle-menu/, dependencies: ['chromium'] },
    { name: 'toggle-console', grep: /@toggle-console/, dependencies: ['toggle-menu'] },
    { name: 'announcement', grep: /@announcement/, dependencies: ['toggle-console'] },
  ],
  webServer: servers(),
  // *.postgres.spec.ts need two server processes on one PostgreSQL database.
  testIgnore: baseDatabaseUrl ? [] : ['**/*.postgres.spec.ts'],
});

/**
 * The server under test; with PostgreSQL also a second process on the same database (port + 1),
 * as two instances behind a load balancer. Playwright starts them in order, so the first has
 * created and migrated the database before the second starts.
 */
function servers(): WebServer[] {
  const first: WebServer = {
    command: 'node --import tsx tests/e2e/e2e-server.ts',
    cwd: repoRoot,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    // Migrations and the demo seed on a cold PGlite take ~10 s here; leave room for slow CI.
    timeout: 180_000,
    // SIGTERM lets e2e-server.ts stop the server, then drop the database and the data directory.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: e2eDatabaseUrl ?? '',
      E2E_ADMIN_DATABASE_URL: baseDatabaseUrl ?? '',
      LOG_LEVEL: 'warn',
    },
  };
  if (!e2eDatabaseUrl) return [first];
  const secondURL = `http://127.0.0.1:${port + 1}`;
  const second: WebServer = {
    ...first,
    url: `${secondURL}/healthz`,
    env: {
      ...first.env,
      PORT: String(port + 1),
      APP_URL: secondURL,
      DATA_DIR: `${dataDir}-second`,
      // The first server owns (creates and drops) the database.
      E2E_ADMIN_DATABASE_URL: '',
    },
  };
  return [first, second];
}
