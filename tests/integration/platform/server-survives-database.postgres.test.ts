import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ScratchDatabase,
  type ServerProcess,
  startServerOnScratchDatabase,
} from '../../factories/server-process';

/**
 * Finding 1 of the security test: terminating the app's PostgreSQL backends while requests run
 * ended the process (postgres.js 3.4.9, patched at install: patches/postgres+3.4.9.patch). The server runs here as a
 * child process without the supervisor, so a crash is an exit this test sees.
 */
const PORT = 3312;
let database: ScratchDatabase;
let stop: () => Promise<void>;
let server: ServerProcess;

beforeAll(async () => {
  ({ server, database, stop } = await startServerOnScratchDatabase('api/main.ts', {
    PORT: String(PORT),
    APP_SECRET: 'server-survives-database-test-secret-0123456789',
  }));
}, 180_000);

afterAll(() => stop?.());

describe('the server on PostgreSQL', () => {
  it('keeps answering while its connections are terminated under concurrent queries', async () => {
    let running = true;
    const statuses: number[] = [];
    // Eight clients in a loop: /healthz runs a query on a reserved pool connection each time.
    const clients = Array.from({ length: 8 }, async () => {
      while (running) {
        // 0: no answer at all (the process is gone or dropped the connection).
        const status = await fetch(`${server.baseUrl}/healthz`)
          .then(async (res) => {
            await res.arrayBuffer();
            return res.status;
          })
          .catch(() => 0);
        statuses.push(status);
      }
    });
    let terminated = 0;
    for (let round = 0; round < 15; round++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      terminated += await database.terminateAppBackends();
    }
    running = false;
    await Promise.all(clients);

    expect(terminated).toBeGreaterThan(0);
    expect(server.child.exitCode, server.output()).toBeNull();
    expect(server.child.signalCode).toBeNull();
    // Requests on a killed connection may fail (503); none may take the process down, and the
    // pool must come back.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(statuses).not.toContain(0);
    const healthz = async () => {
      const res = await fetch(`${server.baseUrl}/healthz`);
      await res.arrayBuffer();
      return res.status;
    };
    // The last round may have killed idle pooled connections the server has not used since: the
    // first request on one may still fail. Within a few seconds the pool is whole again, and then
    // every request succeeds.
    const recoverBy = Date.now() + 5_000;
    while ((await healthz()) !== 200) {
      expect(Date.now(), 'the pool did not recover within 5 s').toBeLessThan(recoverBy);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (let i = 0; i < 20; i++) expect(await healthz()).toBe(200);
  });
});
