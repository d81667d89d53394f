/**
 * Crash bench (`npm run bench -- crash`; needs DATABASE_URL, uses its own database, builds the client
 * when dist/ is missing).
 *
 * Runs `npm start`'s process tree (api/process/supervisor.ts over api/main.ts) on a fresh PostgreSQL
 * database with the demo data, signs in three demo members, and drives their signed-in page loads
 * with autocannon for BENCH_SECONDS (30) while terminating every backend of the app's pool with
 * pg_terminate_backend every 2 s. Reports requests and their answers, autocannon errors, worker
 * crashes (restarts the supervisor logged) and the recovery time after each termination (until
 * /healthz answers 200 again). Fails when a worker crashed or the site did not recover.
 */
import autocannon, { type Result } from 'autocannon';
import {
  createScratchDatabase,
  ensureClientBuild,
  startServerProcess,
  waitForOk,
} from '../factories/server-process';
import { percentile, signIn, sleep } from './bench-server';

const PORT = Number(process.env.BENCH_PORT ?? 3310);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const KILL_EVERY_MS = 2_000;
const PAGES = ['/', '/settings', '/messaging', '/notifications', '/search?q=smith'];
const MEMBERS = [
  'member@demo.campaignhq.test',
  'candidate@demo.campaignhq.test',
  'organization@demo.campaignhq.test',
];

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('The crash bench needs DATABASE_URL (PostgreSQL).');
  ensureClientBuild();
  const database = await createScratchDatabase(process.env.DATABASE_URL);
  const server = await startServerProcess('api/process/supervisor.ts', {
    PORT: String(PORT),
    DATABASE_URL: database.url,
    SEED_DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
  });
  try {
    await waitForOk(`${server.baseUrl}/healthz`, 180_000);
    const cookies = await Promise.all(MEMBERS.map((email) => signIn(server.baseUrl, email)));
    let next = 0;
    const load = autocannon({
      url: server.baseUrl,
      connections: 12,
      duration: SECONDS,
      timeout: 10,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => {
            const n = next++;
            return {
              ...request,
              path: PAGES[n % PAGES.length]!,
              headers: { ...request.headers, cookie: cookies[n % cookies.length]! },
            };
          },
        },
      ],
    });

    const recoveries: number[] = [];
    let terminated = 0;
    let kills = 0;
    const stopAt = Date.now() + SECONDS * 1000 - KILL_EVERY_MS;
    while (Date.now() < stopAt) {
      await sleep(KILL_EVERY_MS);
      terminated += await database.terminateAppBackends();
      kills++;
      recoveries.push(await waitForOk(`${server.baseUrl}/healthz`, 30_000, 1_000));
    }
    const result: Result = await load;

    const crashes = (server.output().match(/worker \d+ died/g) ?? []).length;
    const byStatus = Object.entries(result.statusCodeStats)
      .map(([code, s]) => `${code}: ${s.count}`)
      .join(', ');
    console.log(
      [
        `crash bench: ${SECONDS} s of signed-in page loads (${MEMBERS.length} members, ${PAGES.length} pages, 12 connections) on PostgreSQL under the supervisor`,
        `  requests: ${result.requests.total} (${Math.round(result.requests.average)}/s); answers ${byStatus}`,
        `  autocannon errors: ${result.errors} (timeouts ${result.timeouts}); non-2xx: ${result.non2xx}`,
        `  pg_terminate_backend rounds: ${kills}, backends terminated: ${terminated}`,
        `  worker crashes: ${crashes}`,
        `  recovery (termination → /healthz 200): p50 ${Math.round(percentile(recoveries, 50))} ms, max ${Math.round(Math.max(...recoveries))} ms`,
      ].join('\n'),
    );
    if (crashes > 0) throw new Error(`the worker crashed ${crashes} times:\n${server.output()}`);
  } finally {
    await server.stop();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
