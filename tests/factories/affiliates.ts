import { randomBytes } from 'node:crypto';
import { recordReferralVisit } from '../../api/modules/affiliates/clicks';
import { joinAffiliateProgram } from '../../api/modules/affiliates/join';
import { startCheckout } from '../../api/modules/shop/checkout';
import type { Config } from '../../api/platform/config';
import { createPaymentsPort } from '../../api/ports/payments';
import type { Db } from '../../db/client';
import { aMember } from './donations';
import { ADDRESS, aBuyer, payOrder, seedShopFixture } from './shop';

/** A member who joined the affiliate program: their user and referral code. */
export async function anAffiliate(db: Db) {
  const user = await aMember(db);
  const { code } = await joinAffiliateProgram(db, user.id);
  const row = await db
    .selectFrom('affiliates')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return { user, code, affiliateId: row.id };
}

/** A visitor arriving through `code` (own address and browser); answers the referral cookie's token. */
export function clickThrough(
  db: Db,
  config: Config,
  code: string,
  visitor: { ip?: string; userAgent?: string; userId?: number | null; now?: Date } = {},
) {
  const bytes = randomBytes(3);
  return recordReferralVisit(db, {
    rawCode: code,
    ip: visitor.ip ?? `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`,
    userAgent: visitor.userAgent ?? 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0',
    userId: visitor.userId ?? null,
    appSecret: config.appSecret,
    now: visitor.now,
  });
}

/**
 * An order checked out with the referral cookie `token` (quantity × $25, no coupon), paid by
 * the provider's event unless `paid` is false.
 */
export async function referredOrder(
  db: Db,
  config: Config,
  opts: {
    token: string | null;
    userId?: number | null;
    email?: string;
    quantity?: number;
    paid?: boolean;
    now?: Date;
  },
) {
  const { variantIds, productId } = await seedShopFixture(db);
  const started = await startCheckout(
    db,
    createPaymentsPort(config),
    {
      items: [{ variantId: variantIds[0]!, quantity: opts.quantity ?? 1 }],
      ...ADDRESS,
      email: opts.email ?? ADDRESS.email,
    },
    aBuyer({ userId: opts.userId ?? null, referralToken: opts.token }),
    opts.now,
  );
  if (opts.paid !== false) await payOrder(db, started.orderNumber);
  const row = await db
    .selectFrom('orders')
    .select(['id', 'number', 'affiliate_id', 'subtotal_cents', 'discount_cents'])
    .where('number', '=', started.orderNumber)
    .executeTakeFirstOrThrow();
  return { ...row, productId };
}

export function commissionOf(db: Db, kind: 'order' | 'subscription', reference: string) {
  return db
    .selectFrom('affiliate_commissions')
    .selectAll()
    .where('source_kind', '=', kind)
    .where('source_reference', '=', reference)
    .executeTakeFirst();
}
