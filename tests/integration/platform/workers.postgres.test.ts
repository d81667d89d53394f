import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerOnScratchDatabase } from '../../factories/server-process';

/**
 * `npm start` on PostgreSQL with two workers (WORKERS=2) on an empty database: both start at once,
 * the demo seed runs once, both serve, and a worker killed with SIGKILL is replaced while the other
 * keeps answering (docs/decisions/0038-several-workers-and-instances.md). Collected only with
 * DATABASE_URL.
 */
const PORT = 3317;
let stop: () => Promise<void>;
let supervisor: ServerProcess;
let databaseUrl: string;

beforeAll(async () => {
  const started = await startServerOnScratchDatabase('api/process/supervisor.ts', {
    PORT: String(PORT),
    APP_SECRET: 'workers-test-secret-0123456789-0123456789',
    LOG_LEVEL: 'info',
    WORKERS: '2',
    SEED_DEMO_DATA: 'true',
  });
  ({ server: supervisor, stop } = started);
  databaseUrl = started.database.url;
}, 240_000);

afterAll(() => stop?.());

/** Answered by some worker; a connection handed to a worker as it died is retried, as a client would. */
async function get(path: string): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(`${supervisor.baseUrl}${path}`, { signal: AbortSignal.timeout(2_000) });
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

describe('two workers on one PostgreSQL', () => {
  it('start together on an empty database, seed it once and both serve', async () => {
    await supervisor.waitForLine(/(?:worker \d+ serving[\s\S]*){2}/, 120_000);
    expect(supervisor.output()).toContain('PostgreSQL: 2 workers (WORKERS=2)');
    expect(supervisor.output()).not.toContain('standby');
    expect(supervisor.output().match(/Seeded demo data/g)).toHaveLength(1);
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql<
        { n: string }[]
      >`select count(*) as n from users where email = 'admin@demo.campaignhq.test'`;
      expect(Number(row?.n)).toBe(1);
    } finally {
      await sql.end();
    }
    expect((await get('/readyz')).status).toBe(200);
  }, 150_000);

  it('replaces a crashed worker while the other keeps answering', async () => {
    const [killed] = [...supervisor.output().matchAll(/worker (\d+) serving/g)].map((m) => Number(m[1]));
    process.kill(killed!, 'SIGKILL');
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await get('/')).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const replacement = Number(await supervisor.waitForLine(/worker (\d+) serving again/, 60_000));
    expect(replacement).not.toBe(killed);
    expect(supervisor.output()).toMatch(new RegExp(`worker ${killed} died \\(SIGKILL\\)`));
    expect((await get('/readyz')).status).toBe(200);
  }, 90_000);

  it('drains both workers on SIGTERM and exits 0', async () => {
    const exited = new Promise<number | null>((resolve) => supervisor.child.once('exit', resolve));
    supervisor.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(supervisor.output().match(/SIGTERM received, closing/g)).toHaveLength(2);
  }, 60_000);
});
