import { createServer, request } from 'node:http';

/**
 * A small load balancer for the e2e tests: every request goes to the next backend in turn (no
 * sticky sessions), with X-Forwarded-For set to the client's address as a real one does. Two test
 * headers stand in for what a test cannot choose otherwise: `x-test-client-ip` (the address this
 * browser comes from) and `x-test-backend` (0, 1...: send this browser's requests to that backend,
 * to prove something crosses instances). Responses say which backend answered in `x-served-by`.
 */
export interface RoundRobinProxy {
  url: string;
  close(): Promise<void>;
}

export function startRoundRobinProxy(port: number, backends: string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const server = createServer((req, res) => {
    const pinned = Number(req.headers['x-test-backend']);
    const index = Number.isInteger(pinned) && backends[pinned] ? pinned : next++ % backends.length;
    const target = new URL(backends[index]!);
    const client = req.headers['x-test-client-ip'] ?? req.socket.remoteAddress ?? '';
    const { 'x-test-backend': _backend, 'x-test-client-ip': _client, ...passed } = req.headers;
    const headers = { ...passed, 'x-forwarded-for': String(client) };
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-served-by': String(index) });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    // A browser closing a live-event stream closes the upstream one too.
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  // Idle client connections are kept a minute, as load balancers do (Node's 5 s default closed a
  // connection Playwright's request context was reusing on a slow CI run: ECONNRESET on a DELETE).
  server.keepAliveTimeout = 60_000;
  server.headersTimeout = 61_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}
