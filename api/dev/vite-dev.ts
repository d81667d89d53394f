import type { Server } from 'node:http';
import { createServer } from 'vite';

/** Development only: Vite serves the client sources with hot reload on the app's own server. */
export function createViteDevMiddleware(server: Server) {
  return createServer({
    configFile: 'site/vite.config.ts',
    server: { middlewareMode: true, hmr: { server } },
    appType: 'custom',
  });
}
