import type { Db } from '../../../db/client';
import { ATTRIBUTION_DAYS } from '../../contract/affiliates';

const DAY_MS = 86_400_000;

export interface Purchaser {
  /** The referral cookie's token, if the browser carries one. */
  token: string | null | undefined;
  userId: number | null;
  /** The order's email; self-referral by email is refused too. */
  email?: string | null;
  now?: Date;
}

/**
 * The affiliate a purchase is attributed to, or null: the click behind the cookie must be at most
 * ATTRIBUTION_DAYS old (its first touch, by the server's clock), and the buyer must be neither
 * the affiliate's account nor its email (no self-referral).
 */
export async function attributedAffiliate(db: Db, buyer: Purchaser): Promise<number | null> {
  // Tokens are base64url (clicks.ts); anything else is no referral, never a query.
  if (!buyer.token || !/^[A-Za-z0-9_-]{1,64}$/.test(buyer.token)) return null;
  const now = buyer.now ?? new Date();
  const click = await db
    .selectFrom('affiliate_clicks as k')
    .innerJoin('affiliates as a', 'a.id', 'k.affiliate_id')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.user_id', 'u.email', 'k.created_at'])
    .where('k.token', '=', buyer.token)
    .executeTakeFirst();
  if (!click) return null;
  const age = now.getTime() - new Date(click.created_at).getTime();
  if (age > ATTRIBUTION_DAYS * DAY_MS || age < 0) return null;
  if (buyer.userId !== null && buyer.userId === click.user_id) return null;
  if (buyer.email && buyer.email.trim().toLowerCase() === click.email.toLowerCase()) return null;
  return click.id;
}
