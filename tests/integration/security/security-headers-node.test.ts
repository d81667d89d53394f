import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaderValues } from '../../../api/middleware/security-headers';
import { createTestApp, type TestApp } from '../../factories/test-app';

/**
 * Over a real Node server the security headers go onto Node's response rather than a web Headers
 * object (api/middleware/security-headers.ts): every answer still carries all of them.
 */
let t: TestApp;
let server: ReturnType<typeof serve>;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await t.close();
});

describe('security headers over HTTP', () => {
  const expected = Object.entries(securityHeaderValues({ dev: false, ably: false }));

  for (const path of [
    '/text',
    '/',
    '/about',
    '/merchandise?category=caps',
    '/no-such-page',
    '/api/doors/trpc/nope',
  ]) {
    it(`are all on ${path}`, async () => {
      for (const headers of [{}, { 'accept-encoding': 'gzip' }] as Record<string, string>[]) {
        const res = await fetch(`${base}${path}`, { headers });
        await res.arrayBuffer();
        for (const [name, value] of expected) expect(res.headers.get(name), name).toBe(value);
      }
    });
  }
});
