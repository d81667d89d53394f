import { gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding } from '../../../api/middleware/compression';
import { seedCatalog } from '../../../api/seed/catalog';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { demoAccounts } from '../../factories/accounts';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * Compression of what the server renders (api/middleware/compression.ts,
 * docs/decisions/0044-compressing-what-we-render.md): a page is gzipped from its string, the same
 * bytes a client without compression gets; answers under a kilobyte go out as they are.
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
});

describe('a kept visitor /search page', () => {
  it('is answered gzipped, the same page as plain, and from the same bytes when asked again', async () => {
    const url = '/search?q=jordan%20rivera';
    const plain = await bytes(await t.app.request(url));
    const first = await t.app.request(url, { headers: { 'accept-encoding': 'gzip' } });
    const again = await t.app.request(url, { headers: { 'accept-encoding': 'gzip, deflate' } });
    for (const res of [first, again]) {
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
    }
    const firstBytes = await bytes(first);
    expect(gunzipSync(firstBytes).toString()).toBe(plain.toString());
    expect(plain.toString()).toContain('Jordan Rivera');
    expect(await bytes(again)).toEqual(firstBytes);
  });
});

describe('small answers', () => {
  it('go out as they are, with no Vary: a gzip stream would be larger than the 23 bytes', async () => {
    const res = await t.app.request('/text', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBeNull();
    expect(await res.text()).toBe('Campaign HQ is running.');
  });
});

describe('chooseEncoding', () => {
  it('prefers gzip, honours q=0 and the wildcard', () => {
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding('gzip, deflate, br')).toBe('gzip');
    expect(chooseEncoding('br')).toBeUndefined();
    expect(chooseEncoding('deflate')).toBe('deflate');
    expect(chooseEncoding('gzip;q=0, deflate')).toBe('deflate');
    expect(chooseEncoding('*')).toBe('gzip');
    expect(chooseEncoding('*;q=0')).toBeUndefined();
    expect(chooseEncoding('deflate;q=1, gzip;q=0.5')).toBe('deflate');
  });

  it('answers each header by its own words when headers alternate (the last answer is kept)', () => {
    for (let i = 0; i < 3; i++) {
      expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('gzip');
      expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('gzip');
      expect(chooseEncoding('deflate')).toBe('deflate');
      expect(chooseEncoding('gzip;q=0')).toBeUndefined();
      expect(chooseEncoding(undefined)).toBeUndefined();
    }
  });
});
