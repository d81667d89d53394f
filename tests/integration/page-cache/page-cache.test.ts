import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SIGNED_IN_CACHE_CONTROL, VISITOR_CACHE_CONTROL } from '../../../api/middleware/visitor-page-cache';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { demoAccounts } from '../../factories/accounts';
import { ADDRESS, changePrice, checkoutAs, seedShopFixture } from '../../factories/shop';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * Visitors' pages come from the page cache (docs/decisions/0025-visitor-page-cache.md): they change as soon as the data they
 * show changes (docs/decisions/0083-page-cache-learns-from-the-database.md), a signed-in member never
 * receives the visitor copy, and the headers let browsers and CDNs revalidate with an ETag.
 */
let t: TestApp;
let product: Awaited<ReturnType<typeof seedShopFixture>>;
let jordan: number;

const MEMBER = 'member@demo.campaignhq.test';
const visitor = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers });

beforeAll(async () => {
  t = await createTestApp();
  await demoAccounts(t.db, 'member');
  product = await seedShopFixture(t.db, [1]);
  jordan = (await t.db.selectFrom('users').select('id').where('email', '=', MEMBER).executeTakeFirstOrThrow())
    .id;
}, 120_000);
afterAll(() => t.close());

/**
 * Checks what a visitor is answered once a change is known: PGlite tells the cache before the
 * writing statement returns, so the very next request must show it; PostgreSQL's notification
 * arrives a moment after the commit, so there a visitor may have to ask again, as a reader would.
 */
async function afterTheChange(
  read: () => Response | Promise<Response>,
  check: (res: Response) => Promise<void>,
) {
  if (t.database.engine === 'pglite') return check(await read());
  await vi.waitFor(async () => check(await read()), { timeout: 5_000, interval: 20 });
}

const pageMatching = (expected: string | RegExp) => async (res: Response) => {
  expect(await res.text()).toMatch(expected);
};

/** The same page for everyone: a second request is the first one's bytes and ETag. */
async function cachedTwice(path: string) {
  const first = await visitor(path);
  const second = await visitor(path);
  expect(first.status).toBe(200);
  expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
  const html = await second.text();
  expect(html).toBe(await first.text());
  return { etag: second.headers.get('etag')!, html };
}

describe('visitor pages from the page cache', () => {
  it('answers visitors with public, revalidating headers and the security headers', async () => {
    const res = await visitor(`/merchandise/products/${product.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(VISITOR_CACHE_CONTROL);
    expect(res.headers.get('vary')).toMatch(/Cookie/);
    expect(res.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('answers 304 with no body to a matching If-None-Match, and 200 to a stale one', async () => {
    const first = await visitor('/about');
    const etag = first.headers.get('etag')!;
    const again = await visitor('/about', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect((await visitor('/about', { 'if-none-match': '"something-else"' })).status).toBe(200);
  });

  it('sends gzip once compressed, with its own ETag', async () => {
    const plain = await visitor('/');
    const gzip = await visitor('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    expect(
      (await visitor('/', { 'accept-encoding': 'gzip', 'if-none-match': gzip.headers.get('etag')! })).status,
    ).toBe(304);
  });

  it('shows a new price as soon as the product changes', async () => {
    const path = `/merchandise/products/${product.slug}`;
    expect((await cachedTwice(path)).html).toContain('2500');
    await changePrice(t.db, product.productId, 2750);
    await afterTheChange(() => visitor(path), pageMatching('2750'));
  });

  it('shows a price changed in plain SQL, with no app code involved', async () => {
    const path = `/merchandise/products/${product.slug}`;
    expect((await cachedTwice(path)).html).toContain('2750');
    await sql`update products set price_cents = 2900 where id = ${product.productId}`.execute(t.db);
    await afterTheChange(() => visitor(path), pageMatching('2900'));
  });

  it('shows the product sold out right after the last one is bought', async () => {
    const path = `/merchandise/products/${product.slug}`;
    await cachedTwice('/merchandise');
    expect(await (await visitor(path)).text()).toMatch(/&quot;stock&quot;:1/);
    const buyer = new TestBrowser(t);
    const bought = await checkoutAs(buyer, {
      ...ADDRESS,
      items: [{ variantId: product.variantIds[0], quantity: 1 }],
    });
    expect(bought.status).toBe(200);
    await afterTheChange(() => visitor(path), pageMatching(/&quot;stock&quot;:0/));
    await afterTheChange(() => visitor('/merchandise'), pageMatching('Out of stock'));
  });

  it('shows a member’s new name on their profile right after they change it', async () => {
    const member = new TestBrowser(t);
    expect((await member.signIn(MEMBER, DEMO_PASSWORD)).status).toBe(200);
    const old = await visitor(`/profile/member/${jordan}`);
    const canonical = old.headers.get('location') ?? `/profile/member/${jordan}`;
    expect((await cachedTwice(canonical)).html).toContain('Jordan Rivera');
    const saved = await member.trpc('settings.updateNames', { firstName: 'Jordy', lastName: 'Rivera' });
    expect(saved.status).toBe(200);
    // The name is in the canonical URL: the old address now redirects to the new one.
    let location = '';
    await afterTheChange(
      () => visitor(canonical),
      async (after) => {
        expect(after.status).toBe(301);
        location = after.headers.get('location')!;
      },
    );
    const fresh = await visitor(location);
    expect(await fresh.text()).toContain('Jordy Rivera');
  });

  it('never gives a signed-in member the visitor copy, and marks their page private', async () => {
    const copy = await cachedTwice('/merchandise');
    const visitorHtml = copy.html;
    const member = new TestBrowser(t);
    expect((await member.signIn(MEMBER, DEMO_PASSWORD)).status).toBe(200);
    const mine = await member.request('/merchandise');
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe(SIGNED_IN_CACHE_CONTROL);
    expect(mine.headers.get('vary')).toMatch(/Cookie/);
    expect(mine.headers.get('etag')).toBeNull();
    const html = await mine.text();
    expect(html).not.toBe(visitorHtml);
    expect(html).toContain('Log Out');
    // A matching ETag from the visitor copy does not turn into a 304 for a member either.
    const revalidated = await member.request('/merchandise', {
      headers: { 'if-none-match': copy.etag },
    });
    expect(revalidated.status).toBe(200);
    // And the member's page was not stored for the next visitor.
    expect(await (await visitor('/merchandise')).text()).toBe(visitorHtml);
  });

  it('renders pages with a query string for each request, not from the cache', async () => {
    const res = await visitor('/merchandise?category=t_shirts');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBeNull();
    expect(res.headers.get('vary')).toMatch(/Cookie/);
  });
});
