import { describe, expect, it } from 'vitest';
import { expireGiftReservations } from '../../../api/modules/donations/expire-gifts';
import { committedCents, cycleCommittedCents } from '../../../api/modules/donations/ledger';
import { startGift } from '../../../api/modules/donations/start-gift';
import { SIGNATURE_HEADER, signWebhook } from '../../../api/ports/payments/test-gateway';
import { aCandidate, aGift } from '../../factories/donations';

import { gift, gifts, mailTo, PRIMARY_DAY, pay, setUpGivingApp, t } from '../../factories/giving-harness';

/** Giving on a real database: paying a gift once, notifications, failed and expired payments, the toggle. */
setUpGivingApp();

describe('payments', () => {
  it('pays a gift once however often the webhook is replayed; the candidate hears once', async () => {
    const c = await aCandidate(t.db);
    const started = await startGift(gifts, aGift(c.handle), undefined, PRIMARY_DAY);
    const body = JSON.stringify({
      id: `evt_replay_${started.reference}`,
      type: 'payment.succeeded',
      payable: { kind: 'donation', reference: started.reference },
    });
    const outcomes = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.request('/api/payments/webhook', {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signWebhook(t.config.appSecret, body),
        },
      });
      outcomes.push(((await res.json()) as { outcome: string }).outcome);
    }
    expect(outcomes).toEqual(['paid', 'duplicate', 'duplicate', 'duplicate']);
    const paid = await gift(started.reference);
    expect(paid.status).toBe('paid');
    expect(await cycleCommittedCents(t.db, { candidateId: c.id, donorId: paid.donor_id })).toBe(5_000);
    const notices = await t.db.selectFrom('notifications').selectAll().where('user_id', '=', c.id).execute();
    expect(notices).toMatchObject([{ type: 6, message: 'New donation: $50.00 from Dana Donor' }]);
    const [receipt] = await mailTo(paid.email);
    expect(receipt?.text_body).toContain(started.reference);
    expect(receipt?.text_body).toContain('Casey Candidate');
    expect(receipt?.text_body).toContain('the primary election');
  });

  it('batches a burst of gifts into one notification', async () => {
    const c = await aCandidate(t.db);
    for (const amountCents of [2_500, 5_000, 10_000]) {
      const started = await startGift(gifts, aGift(c.handle, { amountCents }), undefined, PRIMARY_DAY);
      await pay(started.reference);
    }
    const notices = await t.db.selectFrom('notifications').selectAll().where('user_id', '=', c.id).execute();
    expect(notices).toMatchObject([{ type: 6, message: '3 new donations ($175.00)' }]);
  });

  it('counts gifts paid at once into one notification', async () => {
    const c = await aCandidate(t.db);
    const started = [];
    for (let i = 0; i < 8; i++)
      started.push(
        await startGift(gifts, aGift(c.handle, { lastName: `Crowd${i}` }), undefined, PRIMARY_DAY),
      );
    const outcomes = await Promise.all(started.map((s) => pay(s.reference)));
    expect(outcomes.map((o) => o.outcome)).toEqual(Array(8).fill('paid'));
    const notices = await t.db.selectFrom('notifications').selectAll().where('user_id', '=', c.id).execute();
    expect(notices).toMatchObject([{ type: 6, message: '8 new donations ($400.00)' }]);
  });

  it('releases the headroom of a failed payment and of an expired reservation', async () => {
    const c = await aCandidate(t.db);
    const email = 'fails@example.test';
    const form = { email, employer: 'A', occupation: 'B' };
    const failed = await startGift(
      gifts,
      aGift(c.handle, { ...form, amountCents: 350_000 }),
      undefined,
      PRIMARY_DAY,
    );
    expect((await pay(failed.reference, false)).outcome).toBe('failed');
    const row = await gift(failed.reference);
    expect(row.status).toBe('failed');
    const key = { candidateId: c.id, donorId: row.donor_id, election: 'primary' as const };
    expect(await committedCents(t.db, key)).toBe(0);
    const lapsed = await startGift(
      gifts,
      aGift(c.handle, { ...form, amountCents: 350_000 }),
      undefined,
      PRIMARY_DAY,
    );
    expect(
      await expireGiftReservations(t.db, new Date(PRIMARY_DAY.getTime() + 31 * 60_000)),
    ).toBeGreaterThanOrEqual(1);
    expect((await gift(lapsed.reference)).status).toBe('expired');
    expect(await committedCents(t.db, key)).toBe(0);
  });

  it('refuses every gift while the campaign-donations toggle is off', async () => {
    const c = await aCandidate(t.db);
    await t.db
      .insertInto('feature_toggles')
      .values({ name: 'campaign-donations', enabled: false, description: 'Campaign donations' })
      .onConflict((oc) => oc.column('name').doUpdateSet({ enabled: false }))
      .execute();
    try {
      await expect(startGift(gifts, aGift(c.handle), undefined, PRIMARY_DAY)).rejects.toThrow(
        "Casey Candidate isn't accepting donations right now.",
      );
    } finally {
      await t.db
        .updateTable('feature_toggles')
        .set({ enabled: true })
        .where('name', '=', 'campaign-donations')
        .execute();
    }
  });
});
