import { gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../../../api/seed/catalog';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { demoAccounts } from '../../factories/accounts';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * What browsers receive from Hono's compress middleware (docs/decisions/0080-stock-compression.md):
 * a page is gzipped to exactly the bytes a client without compression gets, in the encoding the
 * client takes; an answer known to be small, a HEAD and the tracker's calls go out as they are.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // The demo member (signs in, and is the Jordan Rivera /search finds) and the catalog /merchandise lists.
  await demoAccounts(t.db, 'member');
  await seedCatalog(t.db);
});
afterAll(() => t?.close());

const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('rendered pages', () => {
  it('are gzipped for a client that accepts it, to exactly the page others get plain', async () => {
    // A query string keeps the visitor cache out: this is a page rendered for this request.
    const plain = await t.app.request('/merchandise?sort=price');
    const gzipped = await t.app.request('/merchandise?sort=price', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    // Both say so, for a shared cache that stores one of them.
    expect(plain.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(gzipped.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(gzipped.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await bytes(plain);
    const packed = await bytes(gzipped);
    expect(packed.length).toBeLessThan(html.length / 2);
    expect(gunzipSync(packed).toString()).toBe(html.toString());
  });

  it('are gzipped for a signed-in member too, and stay private', async () => {
    const member = new TestBrowser(t);
    expect((await member.signIn('member@demo.campaignhq.test', DEMO_PASSWORD)).status).toBe(200);
    // A page visitors get from the cache: a member's copy is rendered for them and marked private.
    const res = await member.request('/merchandise', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('vary')).toMatch(/Cookie/);
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
    const html = gunzipSync(await bytes(res)).toString();
    expect(html).toContain('</html>');
    expect(html).toContain('Log Out');
  });

  it('use deflate for a client that takes only deflate, and nothing for one that refuses gzip', async () => {
    const deflated = await t.app.request('/about?x=1', { headers: { 'accept-encoding': 'deflate' } });
    expect(deflated.headers.get('content-encoding')).toBe('deflate');
    expect(inflateSync(await bytes(deflated)).toString()).toContain('</html>');
    const refused = await t.app.request('/about?x=1', { headers: { 'accept-encoding': 'gzip;q=0' } });
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect((await refused.text()).endsWith('</html>')).toBe(true);
  });

  it('are not compressed for a HEAD, which has no body to compress', async () => {
    const res = await t.app.request('/about?x=1', { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
  });
});

describe("a visitor's /search page", () => {
  it('is answered gzipped, the same page as plain, every time', async () => {
    const url = '/search?q=jordan%20rivera';
    const plain = await bytes(await t.app.request(url));
    const first = await t.app.request(url, { headers: { 'accept-encoding': 'gzip' } });
    const again = await t.app.request(url, { headers: { 'accept-encoding': 'gzip, deflate' } });
    for (const res of [first, again]) {
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
    }
    expect(plain.toString()).toContain('Jordan Rivera');
    expect(gunzipSync(await bytes(first)).toString()).toBe(plain.toString());
    expect(gunzipSync(await bytes(again)).toString()).toBe(plain.toString());
  });
});

describe('a cached visitor page', () => {
  it('is sent as its one gzip copy to a client that takes gzip, by name or by *, and plain otherwise', async () => {
    const plain = await bytes(await t.app.request('/about'));
    for (const header of ['gzip, deflate, br, zstd', '*']) {
      const res = await t.app.request('/about', { headers: { 'accept-encoding': header } });
      expect(res.headers.get('content-encoding'), header).toBe('gzip');
      expect(gunzipSync(await bytes(res)).equals(plain), header).toBe(true);
    }
    for (const header of ['gzip;q=0', 'identity', 'br']) {
      const res = await t.app.request('/about', { headers: { 'accept-encoding': header } });
      expect(res.headers.get('content-encoding'), header).toBeNull();
      expect((await bytes(res)).equals(plain), header).toBe(true);
    }
  });
});

describe('small answers', () => {
  it('go out as they are, with no Vary, when they declare a length under a kilobyte', async () => {
    const res = await t.app.request('/text', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBeNull();
    expect(await res.text()).toBe('Campaign HQ is running.');
  });

  it("include the tracker's calls, which every open page sends", async () => {
    const visitor = new TestBrowser(t, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    const res = await visitor.trpc('tracking.trackPageView', { url: '/about' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    // tRPC's own Vary (trpc-accept, accept) may be there; the encoding is not what it varies by.
    expect(res.headers.get('vary') ?? '').not.toMatch(/accept-encoding/i);
    expect(await res.json()).toMatchObject({
      result: { data: { json: { pageViewId: expect.any(String) } } },
    });
  });
});
