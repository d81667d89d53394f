import { spawn, spawnSync } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SEMI_SPACE_MB } from './server-node-flags';
import { RESTART_DELAY_MS, restartDelay } from './supervisor';
import { workerPlan } from './worker-count';

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
      new URL('../../tests/integration/platform/fixtures/crash-loop-supervisor.ts', import.meta.url),
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

describe('workerPlan', () => {
  it('runs one worker per core on PostgreSQL, or WORKERS', () => {
    expect(workerPlan({ DATABASE_URL: 'postgres://db/app' }, 4)).toMatchObject({
      workers: 4,
      standby: false,
    });
    expect(workerPlan({ DATABASE_URL: 'postgres://db/app', WORKERS: 3 }, 8)).toMatchObject({
      workers: 3,
      standby: false,
    });
    // One worker: the warm standby is what makes its crash short.
    expect(workerPlan({ DATABASE_URL: 'postgres://db/app', WORKERS: 1 }, 8)).toMatchObject({
      workers: 1,
      standby: true,
    });
  });

  it('keeps one worker on embedded PGlite, whatever WORKERS says, and says why', () => {
    const plan = workerPlan({ WORKERS: 4 }, 8);
    expect(plan).toMatchObject({ workers: 1, standby: true });
    expect(plan.summary).toContain('one owner');
    expect(plan.summary).toContain('WORKERS=4 ignored');
    expect(plan.summary).toContain('set DATABASE_URL');
  });
});

describe('supervise with two workers', () => {
  it('spreads connections over both, replaces a crashed one, and drains both on SIGTERM', async () => {
    const { port, child, output, until, exited } = await startTwoWorkerSupervisor();
    // A connection the primary handed to a worker just as it was killed is never answered: a client
    // gives up after a second and tries again, as the load balancer in front would.
    const pidOf = async (path = '/') => {
      for (let attempt = 1; ; attempt++) {
        try {
          const res = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(1_000) });
          return Number(await res.text());
        } catch (error) {
          if (attempt >= 3) throw error;
        }
      }
    };
    try {
      await until(() => (output().match(/worker \d+ serving/g) ?? []).length === 2, 'two workers serving');
      const started = [...output().matchAll(/worker (\d+) serving/g)].map((m) => Number(m[1]));
      const [killed, survivor] = started as [number, number];
      const seen = new Set<number>();
      for (let i = 0; i < 20 && seen.size < 2; i++) seen.add(await pidOf());
      expect([...seen].sort()).toEqual([...started].sort());
      // Workers run with the server's V8 flags (api/process/server-node-flags.ts).
      const execArgv = await (await fetch(`http://127.0.0.1:${port}/exec-argv`)).json();
      expect(execArgv).toContain(`--max-semi-space-size=${SEMI_SPACE_MB}`);

      // A crash: the other worker answers meanwhile, and a new worker takes the dead one's place.
      process.kill(killed, 'SIGKILL');
      for (let i = 0; i < 5; i++) expect(await pidOf()).not.toBe(killed);
      await until(() => /worker (\d+) serving again/.test(output()), 'a replacement serving');
      const replacement = Number(output().match(/worker (\d+) serving again/)?.[1]);
      expect(started).not.toContain(replacement);
      const after = new Set<number>();
      for (let i = 0; i < 20 && after.size < 2; i++) after.add(await pidOf());
      expect([...after].sort()).toEqual([survivor, replacement].sort());

      // A stop lets the request in flight finish, then every worker exits and so does the supervisor.
      const slow = fetch(`http://127.0.0.1:${port}/slow`).then((res) => res.status);
      await new Promise((r) => setTimeout(r, 100));
      child.kill('SIGTERM');
      expect(await slow).toBe(200);
      expect(await exited).toBe(0);
      expect(output().match(/pid-worker \d+: closing/g)).toHaveLength(2);
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});

describe('supervise while every worker is replaced', () => {
  it('keeps the port open: visitors who arrive after both workers were killed wait and are answered', async () => {
    const { port, child, output, until } = await startTwoWorkerSupervisor();
    try {
      await until(() => (output().match(/worker \d+ serving/g) ?? []).length === 2, 'two workers serving');
      const killed = [...output().matchAll(/worker (\d+) serving/g)].map((m) => Number(m[1]));
      for (const pid of killed) process.kill(pid, 'SIGKILL');
      // The supervisor knows both are dead and no replacement has started yet.
      await until(() => (output().match(/died \(SIGKILL\)/g) ?? []).length === 2, 'both deaths noticed');
      const asked = Date.now();
      const answers = await Promise.allSettled(
        Array.from({ length: 6 }, () =>
          fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(20_000) }).then(async (res) =>
            Number(await res.text()),
          ),
        ),
      );
      console.info(`supervisor: 6 requests made with no worker up answered within ${Date.now() - asked} ms`);
      const refused = answers.filter((a) => a.status === 'rejected').map((a) => String(a.reason?.cause));
      expect(refused, output()).toEqual([]);
      for (const answer of answers) {
        expect(answer.status === 'fulfilled' && killed.includes(answer.value)).toBe(false);
      }
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});

/**
 * The two-worker supervisor fixture on a free port: its printed output so far, a wait for a
 * line in it, and its exit.
 */
async function startTwoWorkerSupervisor() {
  const port = await freePort();
  const script = fileURLToPath(
    new URL('../../tests/integration/platform/fixtures/two-workers-supervisor.ts', import.meta.url),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout.on('data', (chunk) => (printed += chunk));
  child.stderr.on('data', (chunk) => (printed += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const until = async (check: () => boolean, what: string) => {
    const by = Date.now() + 30_000;
    while (!check()) {
      if (Date.now() > by) throw new Error(`${what} did not happen:\n${printed}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { port, child, output: () => printed, until, exited };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
