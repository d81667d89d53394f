import type { Db } from '../../../db/client';
import { hashToken } from '../../auth/tokens';

/**
 * Which browsers an account has signed in from (docs/decisions/0075-sign-in-alerts-for-new-browsers.md),
 * so that only a sign-in from a browser it has not used before raises an alert. A browser is
 * its device token, kept in a long-lived HttpOnly cookie; the server keeps only the token's
 * SHA-256 per account, never an address or a place.
 *
 * - 'first-sign-in': the first sign-in of an account made by sign-up (its maker's browser): recorded, no alert;
 * - 'known': a browser this account signed in from before: no alert;
 * - 'new': a browser this account has not signed in from: an alert.
 */
export type SignInDevice = 'first-sign-in' | 'known' | 'new';

export async function recordSignInDevice(db: Db, userId: number, deviceToken: string): Promise<SignInDevice> {
  const tokenHash = hashToken(deviceToken);
  // Claimed by a conditional update: of two first sign-ins at once, one is the first.
  const first = await db
    .updateTable('users')
    .set({ first_sign_in_pending: false })
    .where('id', '=', userId)
    .where('first_sign_in_pending', '=', true)
    .returning('id')
    .executeTakeFirst();
  // The insert decides whether the browser is new: of two sign-ins at once from one browser, one alerts.
  const inserted = await db
    .insertInto('sign_in_devices')
    .values({ user_id: userId, token_hash: tokenHash })
    .onConflict((oc) => oc.columns(['user_id', 'token_hash']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  if (first) return 'first-sign-in';
  if (inserted) return 'new';
  await db
    .updateTable('sign_in_devices')
    .set({ last_seen_at: new Date() })
    .where('user_id', '=', userId)
    .where('token_hash', '=', tokenHash)
    .execute();
  return 'known';
}
