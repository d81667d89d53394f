import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';

/**
 * The real server as a child process (`api/main.ts`, or `api/process/supervisor.ts` over it), so that a
 * crash is an exit the test can see. Production mode serves the client build: it is made once
 * when missing.
 */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export function ensureClientBuild() {
  const manifest = join(repoRoot, 'dist/client/.vite/manifest.json');
  if (existsSync(manifest)) return;
  // Test files run in parallel: one builds, the others wait for its manifest.
  const lock = join(repoRoot, 'dist/.test-build-lock');
  mkdirSync(join(repoRoot, 'dist'), { recursive: true });
  try {
    mkdirSync(lock);
  } catch {
    const pause = new Int32Array(new SharedArrayBuffer(4));
    while (existsSync(lock) && !existsSync(manifest)) Atomics.wait(pause, 0, 0, 500);
    return;
  }
  try {
    execSync('npm run build', { cwd: repoRoot, stdio: 'ignore' });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** A fresh PostgreSQL database next to the one DATABASE_URL names; `drop` removes it. */
export async function createScratchDatabase(baseUrl: string) {
  const name = `srv_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    /** Ends every backend of the app's pool (application_name campaign-hq) on that database. */
    async terminateAppBackends(): Promise<number> {
      const rows = await admin`
        SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = ${name} AND application_name = 'campaign-hq'`;
      return rows.length;
    },
    async drop() {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Everything the process printed, stdout and stderr. */
  output(): string;
  /** Resolves with the first captured group once a printed line matches `pattern`. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  stop(): Promise<void>;
}

export async function startServerProcess(
  entry: 'api/main.ts' | 'api/process/supervisor.ts',
  env: Record<string, string>,
): Promise<ServerProcess> {
  const port = String(env.PORT);
  const dataDir = await mkdtemp(join(tmpdir(), 'campaign-hq-proc-'));
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of waiters) check();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  function waitForLine(pattern: RegExp, timeoutMs = 60_000): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no line matched ${pattern} within ${timeoutMs} ms:\n${output}`));
      }, timeoutMs);
      const check = () => {
        const match = output.match(pattern);
        if (!match) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(match[1] ?? match[0]);
      };
      waiters.add(check);
      check();
    });
  }

  return {
    child,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    waitForLine,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Polls `url` until it answers 200; returns the milliseconds it took. A request unanswered after
 * `attemptMs` is given up and sent again, as a client retrying would (a connection accepted just
 * before a worker is killed is never answered).
 */
export async function waitForOk(url: string, timeoutMs = 60_000, attemptMs = 2_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(attemptMs) });
      if (res.ok) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    if (performance.now() - started > timeoutMs)
      throw new Error(`${url} did not answer 200 in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export type ScratchDatabase = Awaited<ReturnType<typeof createScratchDatabase>>;

/**
 * The production server (`entry`) on its own fresh PostgreSQL database, answering /healthz.
 * For a test file's beforeAll; `stop` ends the process and drops the database.
 */
export async function startServerOnScratchDatabase(
  entry: 'api/main.ts' | 'api/process/supervisor.ts',
  env: Record<string, string> & { PORT: string },
) {
  ensureClientBuild();
  const database = await createScratchDatabase(process.env.DATABASE_URL!);
  const server = await startServerProcess(entry, { DATABASE_URL: database.url, ...env });
  await waitForOk(`${server.baseUrl}/healthz`);
  return {
    server,
    database,
    async stop() {
      await server.stop();
      await database.drop();
    },
  };
}
