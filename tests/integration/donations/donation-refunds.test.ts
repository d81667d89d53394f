import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastDays } from '../../../api/contract/day-ranges';
import { demoAccounts } from '../../factories/accounts';
import { giveGift, ledgerCents, makeDonor } from '../../factories/donations';
import { listPath, rest, STAFF_EMAIL, signedIn, userId } from '../../factories/staff';
import type { TestApp, TestBrowser } from '../../factories/test-app';
import { createTestApp } from '../../factories/test-app';

/**
 * Refunds, the console's donation lists and the donation revenue report (docs/decisions/0023-campaign-dashboard-and-refunds.md).
 * MARKETING holds VIEW_CAMPAIGN_DONATIONS but not REFUND_DONATIONS; FINANCE holds both.
 */
let t: TestApp;
let finance: TestBrowser;
let marketing: TestBrowser;
let candidateId: number;

beforeAll(async () => {
  t = await createTestApp();
  candidateId = (await demoAccounts(t.db, 'candidate', 'finance', 'marketing')).candidate.id;
  finance = await signedIn(t, STAFF_EMAIL.FINANCE);
  marketing = await signedIn(t, STAFF_EMAIL.MARKETING);
});
afterAll(() => t.close());

describe('refunding a gift', () => {
  it('needs REFUND_DONATIONS: VIEW_CAMPAIGN_DONATIONS alone is a 403 and changes nothing', async () => {
    const gift = await giveGift(t.db, { candidateId, amountCents: 10_000 });
    const res = await rest(marketing, 'POST', '/donation-refunds', {
      donationId: Number(gift.id),
      reason: 'Asked',
    });
    expect(res.status).toBe(403);
    expect(res.json.message).toContain('Refund Donations');
    const row = await t.db
      .selectFrom('donations')
      .select('status')
      .where('id', '=', gift.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('paid');
    // Both may read the gift.
    expect((await rest(marketing, 'GET', `/donations/${gift.id}`)).status).toBe(200);
  });

  it('refunds in one step: status, who and why, headroom back, audit row, email to the donor', async () => {
    const donorId = await makeDonor(t.db, { first: 'Rita', last: 'Refund', email: 'rita@example.org' });
    await giveGift(t.db, { candidateId, donorId, amountCents: 100_000, email: 'rita@example.org' });
    const gift = await giveGift(t.db, {
      candidateId,
      donorId,
      amountCents: 250_000,
      email: 'rita@example.org',
    });
    expect(await ledgerCents(t.db, candidateId, donorId)).toBe(350_000);

    const res = await rest(finance, 'POST', '/donation-refunds', {
      donationId: Number(gift.id),
      reason: 'Donor asked for it back',
    });
    expect(res.status).toBe(201);
    expect(String(res.json.id)).toBe(gift.id);
    expect(res.json).toMatchObject({
      status: 'refunded',
      refund_reason: 'Donor asked for it back',
    });

    const row = await t.db
      .selectFrom('donations')
      .selectAll()
      .where('id', '=', gift.id)
      .executeTakeFirstOrThrow();
    const financeId = await userId(t, STAFF_EMAIL.FINANCE);
    expect(row).toMatchObject({
      status: 'refunded',
      refunded_by: financeId,
      refund_reason: 'Donor asked for it back',
    });
    expect(row.refunded_at).toBeInstanceOf(Date);
    expect(await ledgerCents(t.db, candidateId, donorId)).toBe(100_000);

    const audit = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'donation.refund')
      .where('target_id', '=', gift.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: financeId, target_type: 'donation' });
    expect(audit.after).toMatchObject({ status: 'refunded', reason: 'Donor asked for it back' });

    const mail = await t.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('to_address', '=', 'rita@example.org')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe(`Your gift ${gift.reference} was refunded`);
    expect(mail.text_body).toContain('$2,500.00');
  });

  it('refuses a second refund with a clear error, and changes nothing', async () => {
    const donorId = await makeDonor(t.db);
    const gift = await giveGift(t.db, { candidateId, donorId, amountCents: 5_000 });
    expect(
      (await rest(finance, 'POST', '/donation-refunds', { donationId: Number(gift.id), reason: 'Duplicate' }))
        .status,
    ).toBe(201);
    const before = await t.db
      .selectFrom('donations')
      .selectAll()
      .where('id', '=', gift.id)
      .executeTakeFirstOrThrow();
    const audits = async () =>
      (await t.db.selectFrom('audit_logs').select('id').where('target_id', '=', gift.id).execute()).length;
    const auditCount = await audits();

    const again = await rest(finance, 'POST', '/donation-refunds', {
      donationId: Number(gift.id),
      reason: 'Again',
    });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(`Gift ${gift.reference} is already refunded.`);
    expect(
      await t.db.selectFrom('donations').selectAll().where('id', '=', gift.id).executeTakeFirstOrThrow(),
    ).toEqual(before);
    expect(await ledgerCents(t.db, candidateId, donorId)).toBe(0);
    expect(await audits()).toBe(auditCount);
  });

  it('refuses a pending gift, an unknown gift and a missing reason', async () => {
    const pending = await giveGift(t.db, { candidateId, amountCents: 5_000, status: 'pending' });
    expect(
      (
        await rest(finance, 'POST', '/donation-refunds', {
          donationId: Number(pending.id),
          reason: 'Not paid yet',
        })
      ).status,
    ).toBe(409);
    expect(
      (await rest(finance, 'POST', '/donation-refunds', { donationId: 987654321, reason: 'Nope' })).status,
    ).toBe(404);
    const noReason = await rest(finance, 'POST', '/donation-refunds', {
      donationId: Number(pending.id),
      reason: ' ',
    });
    expect(noReason.status).toBe(400);
    expect(noReason.json.errors.reason).toBe('Give the reason for the refund.');
  });
});

describe('the console lists', () => {
  it('filters gifts by candidate and status, and lists campaigns with what they raised', async () => {
    const campaign = await t.db
      .insertInto('campaigns')
      .values({
        candidate_id: candidateId,
        type: 'CampaignDonation',
        name: 'Console drive',
        goal_cents: 50_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await giveGift(t.db, { candidateId, amountCents: 12_300, campaignId: campaign.id });
    const gifts = await rest(
      finance,
      'GET',
      listPath('donations', { filter: { candidate_id: candidateId, status: 'refunded' }, range: [0, 99] }),
    );
    expect(gifts.status).toBe(200);
    expect(gifts.json.length).toBeGreaterThan(0);
    for (const g of gifts.json) expect(g).toMatchObject({ candidate_id: candidateId, status: 'refunded' });
    const campaigns = await rest(
      finance,
      'GET',
      listPath('donation-campaigns', { filter: { q: 'Console drive' } }),
    );
    expect(campaigns.json).toEqual([
      expect.objectContaining({ name: 'Console drive', goal_cents: 50_000, candidate_name: 'Marisol Grant' }),
    ]);
    expect(Number(campaigns.json[0].raised_cents)).toBe(12_300);
  });
});

describe('the donation revenue report', () => {
  it('answers the same totals on screen and in its CSV', async () => {
    const range = lastDays(30);
    const id = `${range.from}..${range.to}`;
    const report = await rest(finance, 'GET', `/donation-revenue/${id}`);
    expect(report.status).toBe(200);
    const { totals } = report.json;
    expect(totals.netCents).toBe(totals.grossCents - totals.refundedCents);
    expect(totals.refundedCents).toBeGreaterThanOrEqual(255_000);
    const sum = (key: string) =>
      report.json.days.reduce((n: number, d: Record<string, number>) => n + d[key]!, 0);
    expect(sum('grossCents')).toBe(totals.grossCents);

    const csv = await finance.request(`/api/admin/rest/donation-revenue/${id}?format=csv`);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('day,gifts,gross,refunded,net');
    expect(lines).toHaveLength(1 + 30 + 2);
    const dollars = (cents: number) => (cents / 100).toFixed(2);
    expect(lines.at(-2)).toBe(
      `total,${totals.gifts},${dollars(totals.grossCents)},${dollars(totals.refundedCents)},${dollars(totals.netCents)}`,
    );
    expect(lines.at(-1)).toBe(`donors,${totals.donors}`);
  });

  it('refuses a range that is not one', async () => {
    expect((await rest(finance, 'GET', '/donation-revenue/2026-02-30..2026-03-01')).status).toBe(400);
    expect((await rest(finance, 'GET', '/donation-revenue/last-week')).status).toBe(400);
  });
});
