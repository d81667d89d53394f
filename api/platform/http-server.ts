import { createServer, type Server } from 'node:http';

/**
 * How long the app keeps an idle keep-alive connection open. Load balancers reuse idle
 * connections to their backends for up to their own idle timeout (AWS ALB 60 s, nginx upstream
 * keepalive 60 s, GCP 600 s with its own guidance of 620 s on the backend). If the app closes
 * first, a request the balancer sends on that connection meets a closed socket: the classic
 * intermittent 502. Node's default is 5 s; the app must outlast the balancer, so 65 s.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * Node requires headersTimeout above keepAliveTimeout: otherwise a request whose headers start
 * arriving just before the idle timeout can be cut off by the headers timer.
 */
export const HEADERS_TIMEOUT_MS = KEEP_ALIVE_TIMEOUT_MS + 1_000;

/** The app's HTTP server: Node's, with idle connections kept longer than a load balancer's. */
export function createHttpServer(): Server {
  const server = createServer();
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  return server;
}
