/**
 * Where a page's time goes (issue 17):
 * `npm run bench -- ssr-profile /settings member` starts the production server on a fresh
 * PostgreSQL database (DATABASE_URL) with the inspector on,
 * counts the database transactions one request makes (pg_stat_database, 50 requests one at a
 * time, less the idle rate), loads the page with autocannon at 100 connections and prints the
 * functions with the most self time and the packages they belong to, profiled (over the
 * inspector protocol) during the measured load only, not start-up. CPU time per request is the
 * stable measure on a shared machine; req/s are not. Loopback only. `member` signs the demo
 * member in first; PROFILE_SECONDS (default 10) sets the load's length.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import postgres from 'postgres';
import { serverNodeFlags } from '../../api/process/server-node-flags';
import { openDatabase } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';
import { signIn, sleep } from './bench-server';
import { loadRealisticMembers } from './search-population';
import { realisticProbes } from './search-vocabulary';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 3240);
const BASE = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
const MEMBERS = Number(process.env.PROFILE_MEMBERS ?? 0);
const QUERIES = Number(process.env.PROFILE_QUERIES ?? 40_000);
/** Connections of the load: 100 by default; 1 measures a request's CPU without contention. */
const CONNECTIONS = Number(process.env.PROFILE_CONNECTIONS ?? 100);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

function where(url: string): string {
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.startsWith('node:')) return url;
  if (url === '') return '(native)';
  return url.replace(`file://${ROOT}`, '').split('/').slice(0, 2).join('/');
}

export function summarise(profile: Profile, requests: number, top = 35): string {
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const byFunction = new Map<string, number>();
  const byPlace = new Map<string, number>();
  let busy = 0;
  let total = 0;
  for (const node of profile.nodes) {
    const us = self.get(node.id) ?? 0;
    total += us;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName !== '(idle)' && functionName !== '(program)') busy += us;
    const file = url.replace(`file://${ROOT}`, '');
    const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    const place = ['(idle)', '(program)', '(garbage collector)'].includes(functionName)
      ? functionName
      : where(url);
    byPlace.set(place, (byPlace.get(place) ?? 0) + us);
  }
  const rows = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(
        ([k, us]) =>
          `${((us / total) * 100).toFixed(1).padStart(5)} % ${(us / Math.max(requests, 1)).toFixed(1).padStart(7)} µs/req  ${k}`,
      )
      .join('\n');
  return [
    `profiled ${(total / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(1)} s, ${requests} requests: ` +
      `${(busy / Math.max(requests, 1)).toFixed(0)} µs busy per request`,
    '-- by package / folder (self time)',
    rows(byPlace, 20),
    '-- by function (self time)',
    rows(byFunction, top),
  ].join('\n');
}

/**
 * User and system CPU of a process, in ms, from its /proc/<pid>/stat line (clock ticks of 10 ms),
 * and its minor page faults: memory touched for the first time, which costs system time.
 */
function cpuSplitOf(stat: string): { user: number; system: number; minorFaults: number } {
  const fields = stat.split(') ')[1]!.split(' ');
  return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10, minorFaults: Number(fields[7]) };
}

function cpuMsOf(stat: string): number {
  const { user, system } = cpuSplitOf(stat);
  return user + system;
}

/** The server's inspector over the DevTools protocol (Node's WebSocket: --experimental-websocket). */
async function connectInspector(port: number) {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const ws = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await new Promise((res, rej) => {
    ws.onopen = res;
    ws.onerror = rej;
  });
  let next = 1;
  const waiting = new Map<number, (result: unknown) => void>();
  ws.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id) waiting.get(message.id)?.(message.result);
  };
  return {
    call: (method: string, params: object = {}) =>
      new Promise<unknown>((res) => {
        const id = next++;
        waiting.set(id, res);
        ws.send(JSON.stringify({ id, method, params }));
      }),
    close: () => ws.close(),
  };
}

/** The realistic population, loaded as `npm run bench -- search-load` loads it, before the server starts. */
async function seedMembers(databaseUrl: string): Promise<void> {
  const handle = await openDatabase({ databaseUrl, dataDir: 'unused' });
  try {
    await migrateToLatest(handle.db);
    const { seconds } = await loadRealisticMembers(handle.db, MEMBERS);
    await sql`VACUUM ANALYZE`.execute(handle.db);
    console.log(`seeded ${MEMBERS} members in ${seconds.toFixed(0)} s`);
  } finally {
    await handle.close();
  }
}

/** With `{q}` in the path, each request (all connections share one counter) takes the next query. */
function cyclingQueries(pathAt: (i: number) => string, path: string) {
  if (!path.includes('{q}')) return undefined;
  let next = 0;
  return [
    { method: 'GET' as const, setupRequest: (request: object) => ({ ...request, path: pathAt(next++) }) },
  ];
}

/**
 * The path of the i-th loaded request, `{q}` replaced by the next of QUERIES realistic queries,
 * and of the i-th checking one (first answer, transaction count), whose queries the load never takes.
 */
function pathsOf(path: string): { loaded: (i: number) => string; checking: (i: number) => string } {
  if (!path.includes('{q}')) return { loaded: () => path, checking: () => path };
  const queries = realisticProbes(Math.max(MEMBERS, 1_000), QUERIES + 51, 4343).map((p) => p.query);
  const at = (i: number) => path.replace('{q}', encodeURIComponent(queries[i]!));
  return { loaded: (i) => at(i % QUERIES), checking: (i) => at(QUERIES + i) };
}

async function main() {
  if (typeof WebSocket === 'undefined')
    throw new Error('Run with npm run bench -- ssr-profile (it needs --experimental-websocket).');
  const [path = '/text', who] = process.argv.slice(2);
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('Set DATABASE_URL to a PostgreSQL server (loopback).');
  if (!existsSync(join(ROOT, 'dist/client/.vite/manifest.json')))
    throw new Error('Run "npm run build" first.');
  const name = `campaign_hq_profile_${process.pid}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'campaign-hq-profile-'));
  if (MEMBERS > 0) await seedMembers(target.toString());
  const child = spawn(
    process.execPath,
    [
      `--inspect=127.0.0.1:${PORT + 1}`,
      // The V8 flags `npm start` gives its workers (api/process/server-node-flags.ts).
      ...serverNodeFlags(process.execArgv, process.env.NODE_OPTIONS),
      '--import',
      'tsx',
      // RAW=1 profiles the ceiling (a bare Hono plaintext server) instead, for comparison.
      process.env.RAW ? 'tests/bench/raw-hono-server.ts' : 'api/main.ts',
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        APP_URL: BASE,
        DATA_DIR: dataDir,
        DATABASE_URL: target.toString(),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'ignore'],
    },
  );
  try {
    for (let i = 0; ; i++) {
      if (i > 600) throw new Error('server did not start');
      if (
        await fetch(`${BASE}${process.env.RAW ? '/' : '/healthz'}`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await sleep(250);
    }
    const cookie = who === 'member' ? await signIn(BASE, 'member@demo.campaignhq.test') : undefined;
    // As `npm run bench -- ssr` sends by default, what Chromium sends; GZIP=0 sends no Accept-Encoding.
    const headers: Record<string, string> =
      process.env.GZIP === '0' ? {} : { 'accept-encoding': 'gzip, deflate, br, zstd' };
    if (cookie) headers.cookie = cookie;
    const paths = pathsOf(path);
    const first = await fetch(`${BASE}${paths.checking(50)}`, { headers });
    console.log(`${path}: ${first.status}, ${(await first.arrayBuffer()).byteLength} bytes`);

    const commits = async () =>
      Number(
        (
          await admin.unsafe(
            `SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = '${name}'`,
          )
        )[0]?.n,
      );
    // The statistics collector lags; pg_stat_clear_snapshot and a pause make the reading settle.
    const settle = async () => {
      await sleep(700);
      await admin.unsafe('SELECT pg_stat_clear_snapshot()');
      return commits();
    };
    const idle0 = await settle();
    await sleep(2000);
    const idle1 = await settle();
    const idleRate = (idle1 - idle0 - 0) / 2.7;
    const before = await settle();
    const t0 = Date.now();
    for (let i = 0; i < 50; i++)
      await (await fetch(`${BASE}${paths.checking(i)}`, { headers })).arrayBuffer();
    const elapsed = (Date.now() - t0) / 1000;
    const after = await settle();
    const perRequest = (after - before - idleRate * (elapsed + 0.7)) / 50;
    console.log(`transactions per request ≈ ${perRequest.toFixed(2)} (idle ${idleRate.toFixed(1)}/s)`);

    const requests = cyclingQueries(paths.loaded, path);
    await autocannon({ url: `${BASE}${path}`, headers, connections: CONNECTIONS, duration: 3, requests });
    // CPU time the server process used (user + system, from /proc): less sensitive to a busy
    // machine than req/s. PROFILE=0 measures it without the profiler's own cost.
    const cpu = async () => cpuSplitOf(await readFile(`/proc/${child.pid}/stat`, 'utf8'));
    // Every PostgreSQL process on this machine (the server is local): the database's share.
    const databaseCpu = async () => {
      let ms = 0;
      for (const pid of await readdir('/proc')) {
        if (!/^\d+$/.test(pid)) continue;
        const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
        if (stat.includes('(postgres)')) ms += cpuMsOf(stat);
      }
      return ms;
    };
    const profiling = process.env.PROFILE !== '0';
    const inspector = profiling ? await connectInspector(PORT + 1) : null;
    await inspector?.call('Profiler.enable');
    await inspector?.call('Profiler.start');
    const cpu0 = await cpu();
    const databaseCpu0 = await databaseCpu();
    const r = await autocannon({
      url: `${BASE}${path}`,
      headers,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests,
    });
    const cpu1 = await cpu();
    const userMs = cpu1.user - cpu0.user;
    const cpuMs = userMs + cpu1.system - cpu0.system;
    const minorFaults = cpu1.minorFaults - cpu0.minorFaults;
    const databaseCpuMs = (await databaseCpu()) - databaseCpu0;
    const stopped = (await inspector?.call('Profiler.stop')) as { profile: Profile } | undefined;
    inspector?.close();
    console.log(
      `autocannon: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, timeouts ${r.timeouts}`,
    );
    console.log(
      `server CPU: ${((cpuMs * 1000) / r.requests.total).toFixed(0)} µs per request (user + system; system ${(((cpuMs - userMs) * 1000) / r.requests.total).toFixed(0)}; ${(minorFaults / r.requests.total).toFixed(1)} minor page faults); PostgreSQL: ${((databaseCpuMs * 1000) / r.requests.total).toFixed(0)} µs`,
    );
    if (stopped) console.log(summarise(stopped.profile, r.requests.total));
    const profile = stopped?.profile;
    if (process.env.KEEP_PROFILE && profile)
      await writeFile(process.env.KEEP_PROFILE, JSON.stringify(profile));
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
