import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { type MembershipTier, tierInfo } from '../../contract/membership';
import { deliverAfterCommit, type EmailPort } from '../../ports/email';
import type { PaymentsConfig } from '../../ports/payments';
import type { RealtimePort } from '../../ports/realtime';
import { announceNotification } from '../notifications/service';
import { stopAllRecurring } from '../payments/stop-recurring';
import { emailOf, endedEmail, notifyMembershipChanged } from './notices';
import { grantsTierAt, isLive, LIVE_STATUSES } from './subscription-rules';

export interface UpkeepDeps {
  db: Db;
  email: EmailPort;
  config: PaymentsConfig;
  realtime?: RealtimePort;
}

/**
 * Ends every lapsed subscription at `now` (docs/decisions/0024-membership.md): live, but no longer
 * granting its tier (grantsTierAt): grace past grace_until ('unpaid'), a cancel at period end past
 * current_period_end ('cancelled'), or an active one whose renewal never came within the renewal
 * slack ('unpaid'). Each ends → Free with an
 * email and a notification, and stops at the provider. Each row is claimed by a conditional UPDATE,
 * so two runners (or a re-run) end it once. Returns how many ended.
 */
export async function endLapsedSubscriptions(deps: UpkeepDeps, now = new Date()): Promise<number> {
  const due = await deps.db
    .selectFrom('membership_subscriptions as s')
    .select('s.id')
    .where(isLive('s'))
    .where(sql<boolean>`NOT ${grantsTierAt(now, 's')}`)
    .orderBy('s.id')
    .execute();
  let ended = 0;
  for (const { id } of due) {
    const done = await deps.db.transaction().execute(async (trx) => {
      const sub = await trx
        .updateTable('membership_subscriptions')
        .set({ status: 'ended', ended_at: now, updated_at: now })
        .where('id', '=', id)
        .where('status', 'in', LIVE_STATUSES)
        .returningAll()
        .executeTakeFirst();
      if (!sub) return null;
      const tier = sub.tier as MembershipTier;
      const why = sub.cancel_at_period_end ? 'cancelled' : 'unpaid';
      // Every subscription the provider holds for it, not only the one recorded.
      const stop = await stopAllRecurring(
        trx,
        deps.config,
        { kind: 'subscription', reference: sub.reference },
        sub.provider_subscription_id,
      );
      await deps.email.send(trx, endedEmail(await emailOf(trx, sub.user_id), tier, why));
      const notice = await notifyMembershipChanged(
        trx,
        sub.user_id,
        `Your ${tierInfo(tier).name} membership has ended. You're on the Free tier now.`,
      );
      return { stop, notice };
    });
    if (!done) continue;
    ended++;
    await done.stop();
    await deliverAfterCommit(deps.db, deps.email);
    if (deps.realtime) announceNotification(deps.realtime, done.notice);
  }
  return ended;
}
