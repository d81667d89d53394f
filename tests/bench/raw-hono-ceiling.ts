import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';

/**
 * The throughput ceiling of this machine for an HTTP answer (docs/stack.md "Throughput
 * ceiling"): a raw Hono plaintext server (`new Hono().get('/', c => c.text('ok'))` on
 * @hono/node-server) in its own process, loaded with the same autocannon settings as the page
 * being measured, in the same run, so a page's share of it means something on a shared machine.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER = `
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
const app = new Hono().get('/', (c) => c.text('ok'));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () => console.log('listening'));
`;

export interface CeilingServer {
  url: string;
  stop: () => Promise<void>;
}

export async function startRawHonoCeiling(port: number): Promise<CeilingServer> {
  const child: ChildProcess = spawn(process.execPath, ['--input-type=module', '-e', SERVER], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`raw Hono server exited (${code})`)));
    child.stdout?.once('data', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Loads the raw server for `seconds` at `connections` (after a 2 s warm-up) and returns the result. */
export async function measureRawHonoCeiling(
  port: number,
  connections: number,
  seconds: number,
): Promise<Result> {
  const server = await startRawHonoCeiling(port);
  try {
    await autocannon({ url: server.url, connections, duration: 2 });
    return await autocannon({ url: server.url, connections, duration: seconds });
  } finally {
    await server.stop();
  }
}
