import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import type { Database } from '../../../db/schema';
import { type MembershipTier, membershipTrackOf, PAID_TIERS, tierInfo } from '../../contract/membership';
import { deliverAfterCommit, type EmailPort } from '../../ports/email';
import type { PaymentsConfig, PaymentsPort } from '../../ports/payments';
import type { RealtimePort } from '../../ports/realtime';
import { attributedAffiliate } from '../affiliates/attribution';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { announceNotification } from '../notifications/service';
import { stopAllRecurring } from '../payments/stop-recurring';
import { hitRateLimit, type RateLimitRule } from '../rate-limits/service';
import { type Notice, notifyMembershipChanged } from './notices';
import { subscriptionReference } from './references';
import { LIVE_STATUSES } from './subscription-rules';

type Trx = Transaction<Database>;

export const SUBSCRIBES_PER_MEMBER: RateLimitRule = {
  name: 'membership-subscribe',
  limit: 10,
  windowSeconds: 600,
};

export const subscribeInput = z.object({
  tier: z.enum(PAID_TIERS as [MembershipTier, ...MembershipTier[]], { error: 'Choose a paid tier.' }),
});
export type SubscribeInput = z.input<typeof subscribeInput>;

export interface MembershipDeps {
  db: Db;
  payments: PaymentsPort;
  config: PaymentsConfig;
  email?: EmailPort;
  realtime?: RealtimePort;
}

const day = (at: Date) => at.toISOString().slice(0, 10);

/** The member's live (active or grace) subscription, locked for this transaction. */
export function lockLive(trx: Trx, userId: number) {
  return trx
    .selectFrom('membership_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', LIVE_STATUSES)
    .forUpdate()
    .executeTakeFirst();
}

async function trackOfUser(db: Db, userId: number) {
  const user = await db
    .selectFrom('users')
    .select(['is_candidate', 'kind', 'email'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user) throw new NotFoundError('This account does not exist.');
  return { track: membershipTrackOf({ isCandidate: user.is_candidate, kind: user.kind }), email: user.email };
}

/**
 * Starts a paid tier (docs/decisions/0024-membership.md): records a pending subscription and asks the provider
 * for a monthly recurring payment; answers where to pay. The tier is granted only when its first
 * payment arrives through the webhook. Subscribing while on another paid tier of the track is a
 * change of tier: the new subscription replaces the live one when its first payment succeeds.
 * A member's earlier pending subscription that was never paid is cancelled.
 */
export async function subscribe(
  deps: Pick<MembershipDeps, 'db' | 'payments'>,
  userId: number,
  raw: SubscribeInput,
  /** The affiliate referral cookie's token, if any (docs/decisions/0031-affiliates-and-partner-revenue.md). */
  referralToken?: string | null,
): Promise<{ reference: string; payUrl: string }> {
  const parsed = subscribeInput.safeParse(raw);
  if (!parsed.success) {
    const { fieldErrors } = z.flattenError(parsed.error);
    throw new ValidationError(fieldErrors as Record<string, string[]>);
  }
  const { tier } = parsed.data;
  await hitRateLimit(deps.db, SUBSCRIBES_PER_MEMBER, String(userId));
  const { track, email } = await trackOfUser(deps.db, userId);
  const info = tierInfo(tier);
  if (track !== info.track) {
    throw new ValidationError({
      tier: [
        track
          ? `${info.name} is not a tier for your account.`
          : 'Paid tiers are for candidates and organizations.',
      ],
    });
  }
  const reference = subscriptionReference();
  const created = await deps.db.transaction().execute(async (trx) => {
    // The member's row lock serializes two subscribes at once (one pending per member).
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    const live = await lockLive(trx, userId);
    if (live?.tier === tier) {
      throw new ConflictError(
        live.cancel_at_period_end
          ? `Your ${info.name} membership is ending; resume it instead of subscribing again.`
          : `You're already on ${info.name}.`,
      );
    }
    await trx
      .updateTable('membership_subscriptions')
      .set({ status: 'cancelled', ended_at: new Date(), updated_at: new Date() })
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .execute();
    // Only a member's first paid subscription earns an affiliate its first month.
    const paidBefore = await trx
      .selectFrom('membership_subscriptions')
      .select('id')
      .where('user_id', '=', userId)
      .where('current_period_end', 'is not', null)
      .executeTakeFirst();
    const affiliateId = paidBefore
      ? null
      : await attributedAffiliate(trx, { token: referralToken, userId, email });
    return trx
      .insertInto('membership_subscriptions')
      .values({
        reference,
        user_id: userId,
        tier,
        amount_cents: info.monthlyCents,
        replaces_id: live?.id ?? null,
        affiliate_id: affiliateId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
  try {
    const { url } = await deps.payments.startRecurring({
      payable: { kind: 'subscription', reference },
      amountCents: info.monthlyCents,
      email,
      description: `${info.name} membership (monthly)`,
      successPath: `/serviceordersuccess?ref=${reference}`,
      cancelPath: '/membership',
      interval: 'month',
    });
    return { reference, payUrl: url };
  } catch (error) {
    await deps.db
      .updateTable('membership_subscriptions')
      .set({ status: 'cancelled', ended_at: new Date(), updated_at: new Date() })
      .where('id', '=', created.id)
      .where('status', '=', 'pending')
      .execute();
    throw error;
  }
}

async function afterCommit(deps: Pick<MembershipDeps, 'db' | 'email' | 'realtime'>, notice: Notice) {
  if (deps.email) await deliverAfterCommit(deps.db, deps.email);
  if (deps.realtime) announceNotification(deps.realtime, notice);
}

/**
 * Cancels at period end: the member keeps the tier until current_period_end, then the upkeep job
 * ends it and stops it at the provider (docs/decisions/0024-membership.md). A subscription in grace (its renewal failed)
 * has no paid period left to keep: it ends now and stops at the provider at once.
 */
export async function cancelMembership(
  deps: Pick<MembershipDeps, 'db' | 'config' | 'email' | 'realtime'>,
  userId: number,
  now = new Date(),
): Promise<void> {
  const done = await deps.db.transaction().execute(async (trx) => {
    const live = await lockLive(trx, userId);
    if (!live || (live.status === 'active' && live.cancel_at_period_end)) {
      throw new ConflictError('You have no membership to cancel.');
    }
    const name = tierInfo(live.tier as MembershipTier).name;
    if (live.status === 'grace') {
      await trx
        .updateTable('membership_subscriptions')
        .set({ status: 'ended', ended_at: now, updated_at: now })
        .where('id', '=', live.id)
        .execute();
      const stop = await stopAllRecurring(
        trx,
        deps.config,
        { kind: 'subscription', reference: live.reference },
        live.provider_subscription_id,
      );
      const notice = await notifyMembershipChanged(trx, userId, `Your ${name} membership has ended.`);
      return { stop, notice };
    }
    await trx
      .updateTable('membership_subscriptions')
      .set({ cancel_at_period_end: true, updated_at: now })
      .where('id', '=', live.id)
      .execute();
    const end = day(new Date(live.current_period_end ?? now));
    const notice = await notifyMembershipChanged(trx, userId, `Your ${name} membership will end on ${end}.`);
    return { stop: async () => {}, notice };
  });
  await done.stop();
  await afterCommit(deps, done.notice);
}

/**
 * Takes back a cancel before the period ends: the provider's subscription was never stopped
 * (docs/decisions/0024-membership.md), so it simply renews again. After the end the member subscribes anew.
 */
export async function resumeMembership(
  deps: Pick<MembershipDeps, 'db' | 'email' | 'realtime'>,
  userId: number,
  now = new Date(),
): Promise<void> {
  const notice = await deps.db.transaction().execute(async (trx) => {
    const live = await lockLive(trx, userId);
    const end = live?.current_period_end ? new Date(live.current_period_end) : null;
    if (live?.status !== 'active' || !live.cancel_at_period_end || !end || end <= now) {
      throw new ConflictError('There is no ending membership to resume.');
    }
    await trx
      .updateTable('membership_subscriptions')
      .set({ cancel_at_period_end: false, updated_at: now })
      .where('id', '=', live.id)
      .execute();
    const name = tierInfo(live.tier as MembershipTier).name;
    return notifyMembershipChanged(trx, userId, `Your ${name} membership will renew on ${day(end)}.`);
  });
  await afterCommit(deps, notice);
}
