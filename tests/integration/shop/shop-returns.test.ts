import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../../api/modules/errors';
import { requestReturn } from '../../../api/modules/shop/returns';
import { outboxEmail } from '../../../api/ports/email/outbox';
import { ADDRESS, placePaidOrder, seedShopFixture } from '../../factories/shop';
import { createTestApp, type TestApp } from '../../factories/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t?.close());

/** A paid order, optionally marked delivered `daysAgo` days ago (as fulfilment would). */
async function paidOrder(deliveredDaysAgo?: number) {
  const order = await placePaidOrder(t.db, t.config, { quantity: 2 });
  if (deliveredDaysAgo !== undefined) {
    await t.db.updateTable('orders').set({ status: 'delivered' }).where('id', '=', order.id).execute();
    await t.db
      .insertInto('order_status_events')
      .values({
        order_id: order.id,
        status: 'delivered',
        created_at: new Date(Date.now() - deliveredDaysAgo * 86_400_000),
      } as never)
      .execute();
  }
  const item = await t.db
    .selectFrom('order_items')
    .select('id')
    .where('order_id', '=', order.id)
    .executeTakeFirstOrThrow();
  return { number: order.number, orderId: order.id, itemId: item.id };
}

const request = (number: string, itemId: number, ip = '10.1.0.1') =>
  requestReturn({ db: t.db, email: outboxEmail() }, ip, {
    number,
    email: ADDRESS.email,
    itemIds: [itemId],
    reason: 'Wrong size',
  });

describe('returns', () => {
  it('moves a delivered order to Return requested within 30 days and emails a confirmation', async () => {
    const o = await paidOrder(3);
    expect(await request(o.number, o.itemId)).toEqual({ status: 'return_requested' });
    const row = await t.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', o.orderId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('return_requested');
    const mail = await t.db
      .selectFrom('email_outbox')
      .select('subject')
      .where('subject', '=', `Return requested for order ${o.number}`)
      .execute();
    expect(mail).toHaveLength(1);
  });

  it('refuses after the 30-day window and for orders not delivered', async () => {
    const late = await paidOrder(31);
    await expect(request(late.number, late.itemId, '10.1.0.2')).rejects.toThrow(ValidationError);
    const notDelivered = await paidOrder();
    await expect(request(notDelivered.number, notDelivered.itemId, '10.1.0.3')).rejects.toThrow(
      ValidationError,
    );
  });
});

describe('catalog pages', () => {
  it("lists a vendor's products on their /{name} page and draws product images locally", async () => {
    const vendor = await t.db
      .insertInto('users')
      .values({
        email: 'shop-vendor@example.com',
        kind: 'organization',
        org_name: 'Test Prints',
        handle: 'test-prints',
        is_vendor: true,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const { productId, slug } = await seedShopFixture(t.db);
    await t.db.updateTable('products').set({ vendor_id: vendor.id }).where('id', '=', productId).execute();
    const page = await (await t.app.request('/test-prints')).text();
    expect(page).toContain(`/merchandise/products/${slug}`);
    const image = await t.app.request(`/merchandise/images/${slug}.svg?color=c62f3b`);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(await image.text()).toContain('fill="#c62f3b"');
    const product = await (await t.app.request(`/merchandise/products/${slug}`)).text();
    expect(product).toContain('data-island="AddToCart"');
  });
});
