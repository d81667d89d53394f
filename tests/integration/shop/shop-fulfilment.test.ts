import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { demoAccounts } from '../../factories/accounts';
import { ADDRESS, placePaidOrder } from '../../factories/shop';
import { listPath, rest, STAFF_EMAIL, signedIn, userId } from '../../factories/staff';
import { createTestApp, type TestApp, type TestBrowser } from '../../factories/test-app';

/**
 * After payment (docs/decisions/0008-order-fulfilment.md): staff fulfil orders from the console, each move is audited and emailed,
 * and a buyer with an account gets an "order status changed" notification (type 5) at every
 * change, including payment itself. Guests are told by email only.
 */
let t: TestApp;
let finance: TestBrowser;
let memberId: number;
const MEMBER = 'member@demo.campaignhq.test';

beforeAll(async () => {
  t = await createTestApp();
  await demoAccounts(t.db, 'finance', 'member');
  finance = await signedIn(t, STAFF_EMAIL.FINANCE, DEMO_PASSWORD);
  memberId = await userId(t, MEMBER);
}, 120_000);
afterAll(() => t?.close());

const paidOrder = (userId: number | null, email: string = ADDRESS.email) =>
  placePaidOrder(t.db, t.config, { userId, email });

const orderNotices = (userId: number) =>
  t.db
    .selectFrom('notifications')
    .select(['message', 'route'])
    .where('user_id', '=', userId)
    .where('type', '=', 5)
    .orderBy('id')
    .execute();

describe('order status notifications and fulfilment', () => {
  it('notifies a member at payment and at each staff move, emails the buyer and audits the move', async () => {
    const order = await paidOrder(memberId, MEMBER);
    expect(await orderNotices(memberId)).toEqual([
      {
        message: `Your order ${order.number} is now Paid.`,
        route: `/order-status?order=${order.number}`,
      },
    ]);

    const shipped = await rest(finance, 'PUT', `/orders/${order.id}`, {
      status: 'shipped',
      note: 'USPS 9400 1000 0000 0000 0000 00',
    });
    expect(shipped.status).toBe(200);
    expect(shipped.json).toMatchObject({ status: 'shipped' });
    expect((shipped.json as { timeline: { status: string }[] }).timeline.map((e) => e.status)).toEqual([
      'pending_payment',
      'paid',
      'shipped',
    ]);
    const delivered = await rest(finance, 'PUT', `/orders/${order.id}`, { status: 'delivered' });
    expect(delivered.status).toBe(200);

    expect((await orderNotices(memberId)).map((n) => n.message)).toEqual([
      `Your order ${order.number} is now Paid.`,
      `Your order ${order.number} is now Shipped.`,
      `Your order ${order.number} is now Delivered.`,
    ]);
    const mail = await t.db
      .selectFrom('email_outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', MEMBER)
      .where('subject', 'like', `Order ${order.number}:%`)
      .orderBy('id')
      .execute();
    expect(mail.map((m) => m.subject)).toEqual([
      `Order ${order.number}: Shipped`,
      `Order ${order.number}: Delivered`,
    ]);
    expect(mail[0]!.text_body).toContain('USPS 9400');
    const audit = await t.db
      .selectFrom('audit_logs')
      .select(['action', 'before', 'after'])
      .where('target_type', '=', 'order')
      .where('target_id', '=', String(order.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, a.before, (a.after as { status: string }).status])).toEqual([
      ['order.status', { status: 'paid' }, 'shipped'],
      ['order.status', { status: 'shipped' }, 'delivered'],
    ]);
  });

  it('refuses a move the fulfilment rules do not allow, and changes nothing', async () => {
    const order = await paidOrder(null);
    const back = await rest(finance, 'PUT', `/orders/${order.id}`, { status: 'pending_payment' });
    expect(back.status).toBe(400);
    expect(back.json).toMatchObject({
      errors: { status: 'A Paid order can only move to Processing, Shipped, Refunded.' },
    });
    const skip = await rest(finance, 'PUT', `/orders/${order.id}`, { status: 'delivered' });
    expect(skip.status).toBe(400);
    const bad = await rest(finance, 'PUT', `/orders/${order.id}`, { status: 'teleported' });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ errors: { status: expect.any(String) } });
    const row = await t.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', order.id)
      .executeTakeFirst();
    expect(row?.status).toBe('paid');
    expect(
      await t.db
        .selectFrom('order_status_events')
        .select('status')
        .where('order_id', '=', order.id)
        .execute(),
    ).toHaveLength(2);
  });

  it('tells guests by email only: no notification without an account', async () => {
    const before = await t.db
      .selectFrom('notifications')
      .select(t.db.fn.countAll().as('n'))
      .executeTakeFirst();
    const order = await paidOrder(null, 'guest-buyer@example.com');
    expect((await rest(finance, 'PUT', `/orders/${order.id}`, { status: 'shipped' })).status).toBe(200);
    const after = await t.db
      .selectFrom('notifications')
      .select(t.db.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
    const mail = await t.db
      .selectFrom('email_outbox')
      .select('subject')
      .where('to_address', '=', 'guest-buyer@example.com')
      .execute();
    expect(mail.map((m) => m.subject)).toContain(`Order ${order.number}: Shipped`);
  });

  it('lists and finds orders by number or email, and sums the revenue of paid orders only', async () => {
    const order = await paidOrder(null, 'findme@example.com');
    const found = await rest(finance, 'GET', listPath('orders', { filter: { q: 'FINDME@' } }));
    expect(found.status).toBe(200);
    expect((found.json as { number: string }[]).map((o) => o.number)).toEqual([order.number]);
    const byNumber = await rest(
      finance,
      'GET',
      listPath('orders', { filter: { q: order.number.slice(-5) } }),
    );
    expect((byNumber.json as { id: number }[]).map((o) => o.id)).toContain(order.id);

    const summary = await rest(finance, 'GET', '/merchandise-revenue/summary');
    expect(summary.status).toBe(200);
    const paid = await t.db
      .selectFrom('orders')
      .select(['total_cents', 'status'])
      .where('status', 'not in', ['pending_payment', 'cancelled', 'refunded'])
      .execute();
    expect(summary.json).toMatchObject({
      ordersPaid: paid.length,
      grossCents: paid.reduce((sum, o) => sum + o.total_cents, 0),
    });
    expect((await rest(finance, 'GET', '/merchandise-revenue/other')).status).toBe(404);

    // The console home shows order counts to every staff role (no money there).
    const waiting = paid.filter((o) => o.status === 'paid' || o.status === 'processing').length;
    const home = await rest(finance, 'GET', '/dashboard/summary');
    expect(home.json).toMatchObject({
      ordersToFulfil: waiting,
      notYetAvailable: [],
    });
    expect((home.json as { ordersLast30Days: number }).ordersLast30Days).toBeGreaterThanOrEqual(1);
  });

  it("shows a member their own orders in /settings and over the API, and nobody else's", async () => {
    const mine = await paidOrder(memberId, MEMBER);
    const someoneElses = await paidOrder(null, 'other@example.com');
    const member = await signedIn(t, MEMBER, DEMO_PASSWORD);

    const listed = await member.trpc('shop.myOrders');
    const orders = (
      (await listed.json()) as { result: { data: { json: { number: string; status: string }[] } } }
    ).result.data.json;
    expect(orders.map((o) => o.number)).toContain(mine.number);
    expect(orders.map((o) => o.number)).not.toContain(someoneElses.number);

    const own = await member.trpc('shop.myOrder', { number: mine.number.toLowerCase() });
    expect(own.status).toBe(200);
    const other = await member.trpc('shop.myOrder', { number: someoneElses.number });
    expect(other.status).toBe(404);

    const page = await member.request('/settings');
    const html = await page.text();
    expect(html).toContain('Your orders');
    expect(html).toContain(`/order-status?order=${mine.number}`);
    expect(html).not.toContain(someoneElses.number);
  });
});
