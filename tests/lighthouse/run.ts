/**
 * Lighthouse gate (`npm run test:lighthouse`; needs `npm run build` first; docs/decisions/0027-javascript-weight.md).
 *
 * Starts the production server on its own port with a fresh PGlite data directory (seeded with the
 * demo data on start), then runs Lighthouse 13 (mobile, its defaults) with Debian's Chromium on
 * five public pages: `/`, `/merchandise`, `/search`, a profile and a product page. Prints every
 * score, and for any category below 100 the audits that cost it; exits non-zero when a page scores
 * below 95 on performance or below 100 on accessibility, best practices or SEO.
 *
 * Performance moves with the machine's load: Lighthouse simulates a slow phone from the measured
 * run, so a busy CPU inflates Total Blocking Time (on this 2-core machine, shared with other test
 * runs, one page scored 78 and 99 on consecutive runs). So it is gated at 95, and a page below the
 * gate is run again, up to three runs, keeping each category's best score: Lighthouse CI's
 * "optimistic" aggregation. The other three categories do not depend on load.
 * Bounded: loopback target only, one page at a time, each run limited to 3 minutes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LaunchedChrome, launch } from 'chrome-launcher';
import runLighthouse from 'lighthouse';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3250);
const HOST = '127.0.0.1';
const BASE = `http://${HOST}:${PORT}`;
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const START_TIMEOUT_MS = 120_000;
const RUN_TIMEOUT_MS = 180_000;
const MAX_RUNS = 3;

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const MINIMUM: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};
const PRODUCT_PATH = '/merchandise/products/vote-together-tee';

interface LighthouseReport {
  categories: Record<Category, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    { title: string; score: number | null; displayValue?: string; scoreDisplayMode: string }
  >;
  runtimeError?: { message: string };
}

class GateError extends Error {}
/** Lighthouse's own tracing failed (it says "Please run Lighthouse again"): nothing about the page. */
class ToolRuntimeError extends GateError {}

async function startServer(dataDir: string): Promise<{ server: ChildProcess; output: () => string }> {
  let log = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST,
      APP_URL: BASE,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  const output = () => log;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new GateError(`The server exited during start-up (code ${server.exitCode}).\n${log}`);
    }
    try {
      if ((await fetch(`${BASE}/healthz`, { signal: AbortSignal.timeout(2_000) })).ok)
        return { server, output };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new GateError(`The server did not answer /healthz within ${START_TIMEOUT_MS / 1000} s.\n${log}`);
}

async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 12_000))]);
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
}

/** The demo member's public profile, found the way a visitor finds it: through /search. */
async function profilePath(): Promise<string> {
  const html = await (await fetch(`${BASE}/search?q=jordan+rivera`)).text();
  const path = /href="(\/profile\/[^"/]+\/\d+)"/.exec(html)?.[1];
  if (!path) throw new GateError('No profile link on /search?q=jordan+rivera: is the demo data seeded?');
  return path;
}

/**
 * One Chromium for every run, started once (with exactly these flags: more, such as --disable-gpu
 * or --disable-dev-shm-usage, broke trace recording with NO_NAVSTART); each run opens its own tab.
 */
let chrome: Promise<LaunchedChrome> | undefined;
const browser = () =>
  (chrome ??= launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless=new', '--no-sandbox'] }));

async function lighthouse(path: string): Promise<LighthouseReport> {
  const url = `${BASE}${path}`;
  const { hostname } = new URL(url);
  if (hostname !== HOST) throw new GateError(`Refusing to audit a non-loopback target: ${url}`);
  const { port } = await browser();
  let timer: NodeJS.Timeout | undefined;
  const tooLong = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new GateError(`${path}: Lighthouse took over ${RUN_TIMEOUT_MS / 1000} s`)),
      RUN_TIMEOUT_MS,
    );
  });
  try {
    const result = await Promise.race([
      runLighthouse(url, { port, logLevel: 'silent', onlyCategories: [...CATEGORIES] }),
      tooLong,
    ]);
    if (!result) throw new GateError(`${path}: Lighthouse gave no report`);
    // A run whose trace failed (NO_NAVSTART) answers with lhr.runtimeError; audit() runs it again.
    return result.lhr as unknown as LighthouseReport;
  } catch (error) {
    if (error instanceof GateError) throw error;
    throw new GateError(
      `${path}: Lighthouse failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A Lighthouse run whose own tracing failed (e.g. NO_NAVSTART: "Please run Lighthouse again"),
 * reported in its result (runtimeError), says
 * nothing about the page, so it is run again, up to TOOL_ATTEMPTS times; a page that keeps failing
 * that way still fails the gate.
 */
const TOOL_ATTEMPTS = 3;

async function audit(path: string): Promise<LighthouseReport> {
  for (let attempt = 1; ; attempt++) {
    try {
      const report = await lighthouse(path);
      if (!report.runtimeError) return report;
      throw new ToolRuntimeError(`${path}: Lighthouse failed: ${report.runtimeError.message}`);
    } catch (error) {
      if (!(error instanceof ToolRuntimeError) || attempt >= TOOL_ATTEMPTS) throw error;
      console.log(`  ${error.message} (attempt ${attempt} of ${TOOL_ATTEMPTS}; running it again)`);
    }
  }
}

const score = (report: LighthouseReport, category: Category) =>
  Math.round((report.categories[category].score ?? 0) * 100);

/** The audits that cost a category points, for the log: what to fix. */
function losses(report: LighthouseReport, category: Category): string[] {
  return report.categories[category].auditRefs
    .map((ref) => ({ ref, audit: report.audits[ref.id] }))
    .filter(({ ref, audit }) => audit && ref.weight > 0 && audit.score !== null && audit.score < 1)
    .map(
      ({ ref, audit }) =>
        `${ref.id} (${audit?.title}${audit?.displayValue ? `: ${audit.displayValue}` : ''})`,
    );
}

async function main() {
  if (!existsSync(resolve(ROOT, 'dist/client/.vite/manifest.json'))) {
    throw new GateError('No client build in dist/client: run "npm run build" first.');
  }
  if (!existsSync(CHROME_PATH)) throw new GateError(`No Chromium at ${CHROME_PATH} (set CHROME_PATH).`);
  const dataDir = await mkdtemp(join(tmpdir(), 'campaign-hq-lighthouse-'));
  const { server, output } = await startServer(dataDir);
  const failures: string[] = [];
  const summary: string[] = [];
  try {
    const pages = ['/', '/merchandise', '/search', await profilePath(), PRODUCT_PATH];
    console.log(
      `Lighthouse ${CATEGORIES.join(' / ')} (mobile), gate: ${CATEGORIES.map((c) => MINIMUM[c]).join(' / ')}`,
    );
    for (const path of pages) {
      const best = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>;
      for (let run = 1; run <= MAX_RUNS; run++) {
        const report = await audit(path);
        const scores = CATEGORIES.map((category) => score(report, category));
        for (const category of CATEGORIES) best[category] = Math.max(best[category], score(report, category));
        const lcp = report.audits['largest-contentful-paint']?.displayValue ?? '?';
        const label = run === 1 ? path : `${path} (run ${run})`;
        console.log(
          `  ${label.padEnd(52)} ${scores.map((s) => String(s).padStart(3)).join(' / ')}   LCP ${lcp}`,
        );
        for (const category of CATEGORIES) {
          const lost = losses(report, category);
          if (score(report, category) < 100 && lost.length > 0)
            console.log(`      ${category}: ${lost.join('; ')}`);
        }
        if (CATEGORIES.every((category) => best[category] >= MINIMUM[category])) break;
      }
      summary.push(`  ${path.padEnd(44)} ${CATEGORIES.map((c) => String(best[c]).padStart(3)).join(' / ')}`);
      for (const category of CATEGORIES) {
        if (best[category] < MINIMUM[category])
          failures.push(`${path}: ${category} ${best[category]} < ${MINIMUM[category]}`);
      }
    }
  } catch (error) {
    if (server.exitCode !== null) console.error(output());
    throw error;
  } finally {
    if (chrome) (await chrome).kill();
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(`Scores (${CATEGORIES.join(' / ')}; best of up to ${MAX_RUNS} runs):\n${summary.join('\n')}`);
  if (failures.length > 0) throw new GateError(`Below the gate:\n  ${failures.join('\n  ')}`);
  console.log('All pages pass the gate.');
}

main().catch((error: unknown) => {
  console.error(error instanceof GateError ? error.message : error);
  process.exit(1);
});
