import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_IN_CACHE_CONTROL } from '../../../api/middleware/visitor-page-cache';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { demoAccounts } from '../../factories/accounts';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * What a signed-in member is answered is theirs alone (api/middleware/session.ts): no shared cache
 * in front of the site and no browser history may keep it, whether or not its route is one of the
 * visitor-cached pages (page-cache.test.ts covers those).
 */
let t: TestApp;
let member: TestBrowser;

beforeAll(async () => {
  t = await createTestApp();
  await demoAccounts(t.db, 'member');
  member = new TestBrowser(t);
  expect((await member.signIn('member@demo.campaignhq.test', DEMO_PASSWORD)).status).toBe(200);
});
afterAll(() => t?.close());

describe('answers to a signed-in member', () => {
  it.each(['/settings', '/notifications', '/messaging', '/search?q=rivera'])(
    '%s is private and stored nowhere, compressed or not',
    async (path) => {
      const asked: Record<string, string>[] = [{}, { 'accept-encoding': 'gzip, deflate, br, zstd' }];
      for (const headers of asked) {
        const res = await member.request(path, { headers });
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe(SIGNED_IN_CACHE_CONTROL);
        expect(await res.text()).toBeTruthy();
      }
    },
  );

  it('a tRPC answer is private too', async () => {
    const res = await member.request('/api/doors/trpc/messaging.unreadCount');
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get('cache-control')).toBe(SIGNED_IN_CACHE_CONTROL);
  });

  it('a route that chose its own Cache-Control keeps it', async () => {
    const res = await member.request('/media/avatars/JR-325.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});

describe('answers to a visitor', () => {
  it('a search may be kept by a CDN for the result cache bound, per cookie, compressed or not', async () => {
    const asked: Record<string, string>[] = [{}, { 'accept-encoding': 'gzip, deflate, br, zstd' }, {}];
    for (const headers of asked) {
      const res = await t.app.request('/search?q=rivera', { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=5');
      expect(res.headers.get('vary')).toMatch(/\bCookie\b/);
    }
  });

  it('a search with a session cookie that is no longer valid is private, as every such answer is', async () => {
    const asked: Record<string, string>[] = [{}, { 'accept-encoding': 'gzip, deflate, br, zstd' }];
    for (const headers of asked) {
      const res = await t.app.request('/search?q=rivera', {
        headers: { ...headers, cookie: 'hq_session=signed-out-elsewhere' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe(SIGNED_IN_CACHE_CONTROL);
      // The stale cookie is cleared, and that answer must not be shared.
      expect(res.headers.get('set-cookie')).toMatch(/^hq_session=;/);
    }
  });
});
