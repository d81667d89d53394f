import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app';
import { outboxEmail } from '../../../api/ports/email/outbox';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { type DbHandle, openDatabase } from '../../../db/client';
import { devAssets } from '../../../site/server/assets';
import { demoAccounts } from '../../factories/accounts';
import { ADDRESS, changePrice, checkoutAs, seedShopFixture } from '../../factories/shop';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * Two app instances, each with its own pool and page cache, on one PostgreSQL database (two
 * server processes behind a load balancer): a change made through one drops the other's cached
 * visitor pages through LISTEN/NOTIFY (docs/decisions/0025-visitor-page-cache.md). Collected only when DATABASE_URL is set.
 */
describe('the page cache across two instances on one PostgreSQL', () => {
  let one: TestApp;
  let secondDb: DbHandle;
  let two: ReturnType<typeof createApp>;
  let product: Awaited<ReturnType<typeof seedShopFixture>>;

  beforeAll(async () => {
    one = await createTestApp();
    await demoAccounts(one.db, 'member');
    product = await seedShopFixture(one.db, [1]);
    const url = (one.database as DbHandle & { url?: string }).url!;
    secondDb = await openDatabase({ databaseUrl: url, dataDir: 'unused', maxConnections: 3 });
    two = createApp({ config: one.config, database: secondDb, assets: devAssets(), email: outboxEmail() });
    // Let instance two's LISTEN register before the first change.
    await two.request('/');
    await new Promise((r) => setTimeout(r, 300));
  }, 120_000);

  afterAll(async () => {
    await two?.close();
    await secondDb?.close();
    await one?.close();
  });

  const onTwo = async (path: string) => (await two.request(path)).text();

  it('shows on instance two a price changed through instance one', async () => {
    const path = `/merchandise/products/${product.slug}`;
    // Asked twice: the second answer is instance two's cached copy, which the change must drop.
    expect(await onTwo(path)).toContain('2500');
    expect(await onTwo(path)).toContain('2500');
    await changePrice(one.db, product.productId, 2600);
    await expect.poll(() => onTwo(path), { timeout: 5_000 }).toContain('2600');
    expect(await onTwo(path)).not.toContain('2500');
  });

  it('shows on both instances a price changed in plain SQL, with no app code involved', async () => {
    const path = `/merchandise/products/${product.slug}`;
    const onOne = async () => (await one.app.request(path)).text();
    for (const ask of [onOne, () => onTwo(path)]) {
      expect(await ask()).toContain('2600');
      expect(await ask()).toContain('2600');
    }
    await one.database.executeSql('update products set price_cents = 2700 where id = $1', [
      product.productId,
    ]);
    await expect.poll(onOne, { timeout: 5_000 }).toContain('2700');
    await expect.poll(() => onTwo(path), { timeout: 5_000 }).toContain('2700');
  });

  it('shows on instance two a product sold out through instance one', async () => {
    const path = `/merchandise/products/${product.slug}`;
    expect(await onTwo(path)).toMatch(/&quot;stock&quot;:1/);
    expect(await onTwo('/merchandise')).not.toContain('Out of stock');
    const bought = await checkoutAs(new TestBrowser(one), {
      ...ADDRESS,
      items: [{ variantId: product.variantIds[0], quantity: 1 }],
    });
    expect(bought.status).toBe(200);
    await expect.poll(() => onTwo(path), { timeout: 5_000 }).toMatch(/&quot;stock&quot;:0/);
    await expect.poll(() => onTwo('/merchandise'), { timeout: 5_000 }).toContain('Out of stock');
  });

  it('shows on instance two a profile renamed through instance one', async () => {
    const jordan = await one.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'member@demo.campaignhq.test')
      .executeTakeFirstOrThrow();
    const first = await two.request(`/profile/member/${jordan.id}`);
    const canonical = first.headers.get('location')!;
    expect(await onTwo(canonical)).toContain('Jordan Rivera');
    const member = new TestBrowser(one);
    expect((await member.signIn('member@demo.campaignhq.test', DEMO_PASSWORD)).status).toBe(200);
    const saved = await member.trpc('settings.updateNames', { firstName: 'Jordy', lastName: 'Rivera' });
    expect(saved.status).toBe(200);
    await expect.poll(async () => (await two.request(canonical)).status, { timeout: 5_000 }).toBe(301);
  });
});
