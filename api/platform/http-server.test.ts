import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpServer, HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS } from './http-server';

const servers: ReturnType<typeof createHttpServer>[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

function get(port: number, agent: Agent): Promise<{ status: number; socketPort: number }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
      const socketPort = req.socket?.localPort ?? 0;
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, socketPort }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the app HTTP server', () => {
  it('keeps idle connections open longer than a load balancer does (over 60 s) and headers longer still', () => {
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
    expect(HEADERS_TIMEOUT_MS).toBeGreaterThan(KEEP_ALIVE_TIMEOUT_MS);
    const server = createHttpServer();
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
    expect(server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
  });

  it('answers a second request on a connection left idle well past Node default of 5 s', async () => {
    const server = createHttpServer();
    servers.push(server);
    server.on('request', (_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    let closedByServer = false;
    const first = await get(port, agent);
    const [socket] = Object.values(agent.freeSockets).flat();
    socket?.once('close', () => {
      closedByServer = true;
    });

    // Node closes an idle socket at its keep-alive timeout plus a second's grace.
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    const second = await get(port, agent);
    agent.destroy();

    expect([first.status, second.status]).toEqual([200, 200]);
    expect(closedByServer).toBe(false);
    // The same client socket carried both requests.
    expect(second.socketPort).toBe(first.socketPort);
  }, 20_000);
});
