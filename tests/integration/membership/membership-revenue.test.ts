import { describe, expect, it } from 'vitest';
import { cancelMembership } from '../../../api/modules/membership/lifecycle';
import { monthlyRecurringRevenueCents } from '../../../api/modules/membership/revenue';
import { deliverTestGatewayEvent } from '../../../api/modules/payments/test-gateway-delivery';
import { testPayableEvent } from '../../../api/ports/payments/test-gateway';
import { aCandidate, aMember } from '../../factories/donations';
import {
  DAY,
  deps,
  members,
  ONE_MONTH_LATER,
  paid,
  START,
  setUpMembershipApp,
  shifted,
  TWO_MONTHS_LATER,
  t,
} from '../../factories/membership-harness';

/**
 * Membership's monthly recurring revenue (docs/decisions/0024-membership.md): only active
 * subscriptions that renew count.
 */
setUpMembershipApp();

describe('monthly recurring revenue', () => {
  it('is the sum of the monthly prices of the active subscriptions that renew', async () => {
    const before = await monthlyRecurringRevenueCents(t.db);
    const a = await aCandidate(t.db);
    const b = await aMember(t.db, 'organization');
    const cancelling = await aCandidate(t.db);
    const graced = await aMember(t.db, 'organization');
    await paid(a.id, 'campaign-pro');
    await paid(b.id, 'organizer');
    await paid(cancelling.id, 'campaign');
    await cancelMembership(members, cancelling.id, shifted(START, DAY));
    const lapsing = await paid(graced.id, 'movement');
    const declined = testPayableEvent(
      { kind: 'subscription', reference: lapsing.reference },
      { ok: false, reason: 'Your card was declined.' },
      {
        subscriptionId: lapsing.subscription,
        period: { start: ONE_MONTH_LATER.toISOString(), end: TWO_MONTHS_LATER.toISOString() },
      },
    );
    expect(await deliverTestGatewayEvent(deps, declined)).toMatchObject({ outcome: 'grace' });

    expect(await monthlyRecurringRevenueCents(t.db)).toBe(before + 9900 + 1900);
    const rows = await t.db
      .selectFrom('membership_subscriptions')
      .select('amount_cents')
      .where('status', '=', 'active')
      .where('cancel_at_period_end', '=', false)
      .execute();
    expect(await monthlyRecurringRevenueCents(t.db)).toBe(rows.reduce((sum, r) => sum + r.amount_cents, 0));
  });
});
