import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import { type MembershipTier, tierInfo } from '../../contract/membership';
import { dollars } from '../../contract/money';
import { NOTIFICATION_TYPE } from '../../contract/notification-types';
import type { EmailMessage } from '../../ports/email';
import { createNotification } from '../notifications/service';

type Trx = Transaction<Database>;
export type Notice = { id: number; userId: number } | null;

/** Every change of a membership is a "Membership changed" notification (type 7), linking /membership. */
export function notifyMembershipChanged(trx: Trx, userId: number, message: string): Promise<Notice> {
  return createNotification(trx, {
    userId,
    type: NOTIFICATION_TYPE.membershipChanged,
    message,
    route: '/membership',
  });
}

export async function emailOf(trx: Trx, userId: number): Promise<string> {
  const row = await trx
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.email;
}

const day = (at: Date) => at.toISOString().slice(0, 10);

export function welcomeEmail(
  to: string,
  tier: MembershipTier,
  reference: string,
  periodEnd: Date,
): EmailMessage {
  const info = tierInfo(tier);
  return {
    to,
    subject: `Welcome to ${info.name}`,
    text: [
      `Your ${info.name} membership is active.`,
      '',
      `Price: ${dollars(info.monthlyCents)} a month, renewed automatically`,
      `Paid until: ${day(periodEnd)}`,
      `Reference: ${reference}`,
      '',
      'You can cancel any time on the membership page; you keep your tier until the end of the period.',
    ].join('\n'),
  };
}

export function graceEmail(to: string, tier: MembershipTier, graceUntil: Date): EmailMessage {
  const info = tierInfo(tier);
  return {
    to,
    subject: `We couldn't renew your ${info.name} membership`,
    text: [
      `Your card was declined when we tried to renew your ${info.name} membership.`,
      `You keep ${info.name} until ${day(graceUntil)}. Update your card before then, or your account`,
      'returns to the Free tier.',
    ].join('\n'),
  };
}

export function endedEmail(to: string, tier: MembershipTier, why: 'cancelled' | 'unpaid'): EmailMessage {
  const info = tierInfo(tier);
  return {
    to,
    subject: `Your ${info.name} membership has ended`,
    text: [
      why === 'cancelled'
        ? `Your ${info.name} membership has ended, as you asked.`
        : `We could not renew your ${info.name} membership, so it has ended.`,
      'Your account is on the Free tier now. You can subscribe again on the membership page.',
    ].join('\n'),
  };
}
