import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateText, recurringTruth } from '../../../api/modules/campaign-dashboard/recurring-truth';
import { recordDispute } from '../../../api/modules/payments/disputes';
import { demoAccounts } from '../../factories/accounts';
import { giveGift } from '../../factories/donations';
import { signedIn } from '../../factories/staff';
import { createTestApp, type TestApp } from '../../factories/test-app';

/**
 * Recurring that tells the truth (docs/decisions/0094-refcodes-and-honest-monthly.md): the
 * candidate's dashboard shows what share of monthly charges were refunded and, once disputes are
 * recorded (Stripe's charge.dispute.created), what share of gifts were disputed.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t?.close());

describe("a candidate's refund and dispute rates", () => {
  it('counts refunded monthly charges and disputed gifts, each dispute once', async () => {
    const { candidate } = await demoAccounts(t.db, 'candidate');
    const donor = await giveGift(t.db, { candidateId: candidate.id, amountCents: 1_000 });
    const plan = await t.db
      .insertInto('recurring_donations')
      .values({
        reference: 'REC-TRUTH001',
        candidate_id: candidate.id,
        donor_id: donor.donorId,
        amount_cents: 1_000,
        email: 'truth@example.test',
        status: 'active',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const charges = [];
    for (const status of ['paid', 'paid', 'paid', 'refunded'] as const)
      charges.push(
        await giveGift(t.db, {
          candidateId: candidate.id,
          donorId: donor.donorId,
          amountCents: 1_000,
          status,
        }),
      );
    await t.db
      .updateTable('donations')
      .set({ recurring_id: plan.id })
      .where(
        'id',
        'in',
        charges.map((c) => c.id),
      )
      .execute();
    await t.db
      .updateTable('donations')
      .set({ provider_payment_id: 'pi_disputed' })
      .where('id', '=', donor.id)
      .execute();
    const notice = {
      dispute: true as const,
      id: 'evt_d1',
      disputeId: 'dp_1',
      providerPaymentId: 'pi_disputed',
      amountCents: 1_000,
      reason: 'fraudulent',
    };
    await recordDispute(t.db, notice);
    await recordDispute(t.db, { ...notice, id: 'evt_d1_again' });

    expect(await recurringTruth(t.db, candidate.id)).toEqual({
      monthlyCharges: 4,
      monthlyRefunded: 1,
      gifts: 5,
      disputed: 1,
    });
    expect(rateText(1, 4)).toBe('25%');
    expect(rateText(0, 0)).toBe('none yet');
    const browser = await signedIn(t, 'candidate@demo.campaignhq.test');
    const html = await (await browser.request('/campaign-dashboard')).text();
    expect(html).toContain('data-testid="recurring-refund-rate">25%<');
    expect(html).toContain('data-testid="dispute-rate">20%<');
  });
});
