import type { Db } from '../../db/client';
import { affiliateCommissionCents } from '../contract/affiliates';
import { type DemoOrder, seedDemoOrders } from './demo-orders';

/**
 * Partner revenue and the affiliate program on a fresh start (docs/decisions/0031-affiliates-and-partner-revenue.md): a few paid
 * orders of the demo vendor's products (CHQ-DEMOV00nn), and the demo organization as an affiliate
 * (code CLEANWATER) with clicks and one attributed order whose commission is earned and owed.
 */
const VENDOR_ORDERS: DemoOrder[] = [
  {
    n: 1,
    buyer: 'candidate',
    statuses: ['paid', 'processing', 'shipped', 'delivered'],
    daysAgo: 20,
    lines: [{ slug: 'every-vote-counts-yard-sign', quantity: 10 }],
    shipping: 'standard',
  },
  {
    n: 2,
    buyer: 'volunteer.kim@example.com',
    statuses: ['paid', 'shipped'],
    daysAgo: 6,
    lines: [
      { slug: 'grassroots-organizer-tee', quantity: 2 },
      { slug: 'i-voted-button-pack', quantity: 3 },
    ],
    shipping: 'standard',
  },
  {
    n: 3,
    buyer: 'member',
    statuses: ['paid'],
    daysAgo: 1,
    lines: [{ slug: 'i-voted-button-pack', quantity: 1 }],
    shipping: 'expedited',
  },
];

export const DEMO_AFFILIATE_CODE = 'CLEANWATER';
const DAY_MS = 86_400_000;

export async function seedDemoAffiliates(
  db: Db,
  now = new Date(),
): Promise<{ orders: number; affiliates: number }> {
  const orders = await seedDemoOrders(db, now, VENDOR_ORDERS, 'CHQ-DEMOV');
  const org = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'organization@demo.campaignhq.test')
    .executeTakeFirst();
  if (!org) return { orders, affiliates: 0 };
  const created = await db
    .insertInto('affiliates')
    .values({ user_id: org.id, code: DEMO_AFFILIATE_CODE })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!created) return { orders, affiliates: 0 };
  await db
    .insertInto('affiliate_clicks')
    .values(
      [9, 7, 7, 2].map((daysAgo, i) => ({
        affiliate_id: created.id,
        token: `demo-click-${i}`,
        visitor_hash: `demo-visitor-${i}`,
        day: new Date(now.getTime() - daysAgo * DAY_MS).toISOString().slice(0, 10),
        created_at: new Date(now.getTime() - daysAgo * DAY_MS),
      })),
    )
    .execute();
  // The guest's order came through the link two days after their first visit.
  const attributed = await db
    .updateTable('orders')
    .set({ affiliate_id: created.id })
    .where('number', '=', 'CHQ-DEMOV0002')
    .returning(['number', 'subtotal_cents', 'discount_cents', 'paid_at'])
    .executeTakeFirst();
  if (attributed) {
    const base = attributed.subtotal_cents - attributed.discount_cents;
    await db
      .insertInto('affiliate_commissions')
      .values({
        affiliate_id: created.id,
        source_kind: 'order',
        source_reference: attributed.number,
        base_cents: base,
        amount_cents: affiliateCommissionCents(base),
        earned_at: attributed.paid_at ?? now,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return { orders, affiliates: 1 };
}
