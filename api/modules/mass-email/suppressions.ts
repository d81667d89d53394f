import type { Db } from '../../../db/client';
import type { SuppressionReason } from '../../../db/schema';
import { forgetClicksOf } from './link-clicks';
import { readUnsubscribeToken } from './unsubscribe-token';

/**
 * The suppression list (email_suppressions): an address on it never receives a mass email again,
 * whichever send or audience names it. The first reason stays (a bounce later unsubscribed is
 * still a bounce). Someone who asks us to stop also has their kept clicks forgotten
 * (docs/decisions/0099-designed-email-and-click-tracking.md).
 */
export async function suppress(db: Db, email: string, reason: SuppressionReason, source: string) {
  await db
    .insertInto('email_suppressions')
    .values({ email: email.trim().toLowerCase(), reason, source })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  if (reason !== 'hard_bounce') await forgetClicksOf(db, email);
}

/**
 * The unsubscribe link's POST (a person's button or a mail client's RFC 8058 one-click): the
 * token names the address and proves the email reached it. The address, or null for a token
 * that is not ours. Doing it twice is harmless.
 */
export async function unsubscribeWithToken(
  db: Db,
  secret: string,
  token: string,
): Promise<{ email: string } | null> {
  const named = readUnsubscribeToken(secret, token);
  if (!named) return null;
  await suppress(db, named.email, 'unsubscribed', `mass-email:${named.sendId}`);
  return { email: named.email };
}
