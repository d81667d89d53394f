import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { jsonb } from '../../db/json';

/**
 * A short order history so the console's Merchandise screen and the demo member's /settings show
 * orders on a fresh start. Fixed numbers (CHQ-DEMO00nn) make reruns insert nothing; stock is not
 * touched (these sales happened before the seeded stock count).
 */
export interface DemoOrder {
  n: number;
  /** Demo account local part, or a guest email. */
  buyer: string;
  /** Lifecycle so far, oldest first; the last entry is the current status. */
  statuses: string[];
  daysAgo: number;
  lines: { slug: string; size?: string; color?: string; quantity: number }[];
  shipping: 'standard' | 'expedited' | 'overnight';
}

const DEMO_ORDERS: DemoOrder[] = [
  {
    n: 1,
    buyer: 'member',
    statuses: ['paid', 'processing', 'shipped', 'delivered'],
    daysAgo: 12,
    lines: [{ slug: 'vote-together-tee', size: 'M', color: 'Navy', quantity: 2 }],
    shipping: 'standard',
  },
  {
    n: 2,
    buyer: 'member',
    statuses: ['paid', 'shipped'],
    daysAgo: 3,
    lines: [{ slug: 'vote-together-tee', size: 'L', color: 'Red', quantity: 1 }],
    shipping: 'expedited',
  },
  {
    n: 3,
    buyer: 'candidate',
    statuses: ['paid'],
    daysAgo: 1,
    lines: [{ slug: 'vote-together-tee', size: 'S', color: 'White', quantity: 3 }],
    shipping: 'standard',
  },
  {
    n: 4,
    buyer: 'volunteer.lee@example.org',
    statuses: ['paid', 'processing'],
    daysAgo: 2,
    lines: [{ slug: 'vote-together-tee', size: 'XL', color: 'Navy', quantity: 1 }],
    shipping: 'overnight',
  },
  {
    n: 5,
    buyer: 'precinct.captain@example.org',
    statuses: ['paid', 'shipped', 'delivered', 'return_requested'],
    daysAgo: 20,
    lines: [{ slug: 'vote-together-tee', size: 'M', color: 'Red', quantity: 1 }],
    shipping: 'standard',
  },
  {
    n: 6,
    buyer: 'organization',
    statuses: ['paid', 'refunded'],
    daysAgo: 40,
    lines: [{ slug: 'vote-together-tee', size: 'L', color: 'Navy', quantity: 4 }],
    shipping: 'standard',
  },
];

const SHIPPING_CENTS = { standard: 599, expedited: 1499, overnight: 2999 } as const;

/** Inserts the demo orders not there yet (`prefix` + n); other seeds bring their own lists (vendor sales). */
export async function seedDemoOrders(
  db: Db,
  now = new Date(),
  orders: readonly DemoOrder[] = DEMO_ORDERS,
  prefix = 'CHQ-DEMO',
): Promise<number> {
  let inserted = 0;
  for (const demo of orders) {
    const number = `${prefix}${String(demo.n).padStart(4, '0')}`;
    const exists = await db.selectFrom('orders').select('id').where('number', '=', number).executeTakeFirst();
    if (exists) continue;
    const email = demo.buyer.includes('@') ? demo.buyer : `${demo.buyer}@demo.campaignhq.test`;
    const user = await db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'org_name'])
      .where('email', '=', email)
      .executeTakeFirst();
    const lines = [];
    for (const line of demo.lines) {
      const variant = await db
        .selectFrom('product_variants as v')
        .innerJoin('products as p', 'p.id', 'v.product_id')
        .select(['v.id', 'v.size', 'v.color', 'p.title', 'p.price_cents'])
        .where('p.slug', '=', line.slug)
        .$if(Boolean(line.size), (q) => q.where('v.size', '=', line.size!))
        .$if(Boolean(line.color), (q) => q.where('v.color', '=', line.color!))
        .orderBy('v.id')
        .executeTakeFirst();
      if (variant) lines.push({ variant, quantity: line.quantity });
    }
    if (lines.length === 0) continue;
    const subtotal = lines.reduce((sum, l) => sum + l.variant.price_cents * l.quantity, 0);
    const shipping = demo.shipping === 'standard' && subtotal >= 7500 ? 0 : SHIPPING_CENTS[demo.shipping];
    const placed = new Date(now.getTime() - demo.daysAgo * 86_400_000);
    const name =
      user?.org_name ?? ([user?.first_name, user?.last_name].filter(Boolean).join(' ') || 'Pat Volunteer');
    const current = demo.statuses[demo.statuses.length - 1]!;
    const order = await db
      .insertInto('orders')
      .values({
        number,
        email,
        user_id: user?.id ?? null,
        status: current,
        subtotal_cents: subtotal,
        discount_cents: 0,
        shipping_cents: shipping,
        total_cents: subtotal + shipping,
        shipping_option: demo.shipping,
        address: jsonb({ name, line1: '100 Main St', city: 'Madison', state: 'WI', zip: '53703' }),
        payment_token: randomBytes(16).toString('hex'),
        paid_at: placed,
        created_at: placed,
        updated_at: placed,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('order_items')
      .values(
        lines.map((l) => ({
          order_id: order.id,
          variant_id: l.variant.id,
          title: l.variant.title,
          size: l.variant.size,
          color: l.variant.color,
          quantity: l.quantity,
          unit_price_cents: l.variant.price_cents,
          line_total_cents: l.variant.price_cents * l.quantity,
        })),
      )
      .execute();
    // One timeline step per day after the order (pending payment lasted a minute).
    const steps = ['pending_payment', ...demo.statuses].map((status, i) => ({
      order_id: order.id,
      status,
      note: null,
      created_at: new Date(placed.getTime() + (i === 0 ? -60_000 : (i - 1) * 86_400_000)),
    }));
    await db.insertInto('order_status_events').values(steps).execute();
    inserted++;
  }
  return inserted;
}
