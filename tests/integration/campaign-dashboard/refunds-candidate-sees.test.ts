import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPE } from '../../../api/contract/notification-types';
import { campaignTimeZone } from '../../../api/modules/fec-reports/committee';
import { zonedDay } from '../../../api/platform/zoned-time';
import { demoAccounts } from '../../factories/accounts';
import { giveGift, makeDonor } from '../../factories/donations';
import { rest, STAFF_EMAIL, signedIn } from '../../factories/staff';
import type { TestApp, TestBrowser } from '../../factories/test-app';
import { createTestApp } from '../../factories/test-app';

/**
 * A refund the candidate can see (docs/decisions/0077-refunds-the-candidate-sees.md): after FINANCE
 * refunds a gift through the console's door, the candidate's dashboard explains the lower "Raised"
 * with a refunds line (count, total, each refund with its day and reason), the refunded gift stays in
 * "Recent gifts" marked as refunded, the candidate gets a "donation received" notification, and the
 * compliance CSV carries the refund's date and reason.
 */
let t: TestApp;
let candidate: TestBrowser;
let candidateId: number;

beforeAll(async () => {
  t = await createTestApp();
  candidateId = (await demoAccounts(t.db, 'candidate', 'finance')).candidate.id;
  candidate = await signedIn(t, 'candidate@demo.campaignhq.test');
  zone = await campaignTimeZone(t.db, candidateId);
});
afterAll(() => t.close());

// The page's datetime attribute is the instant (UTC); the day it shows, and the CSV's, are on the
// campaign's clock (docs/decisions/0090-fec-reports.md).
let zone: string;
const today = () => new Date().toISOString().slice(0, 10);
const campaignDay = () => zonedDay(new Date(), zone);
const longDay = () =>
  new Date().toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: zone,
  });

describe('a refunded gift, as the candidate sees it', () => {
  it('shows on the dashboard, notifies the candidate and fills the CSV refund columns', async () => {
    const donorId = await makeDonor(t.db, { first: 'Rhea', last: 'Refunded' });
    const kept = { candidateId, donorId, first: 'Rhea', last: 'Refunded' };
    await giveGift(t.db, { ...kept, amountCents: 4_000 });
    const gift = await giveGift(t.db, { ...kept, amountCents: 12_500 });
    const before = await (await candidate.request('/campaign-dashboard')).text();
    expect(before).toContain('data-testid="total-raised">$165.00<');

    const finance = await signedIn(t, STAFF_EMAIL.FINANCE);
    const res = await rest(finance, 'POST', '/donation-refunds', {
      donationId: Number(gift.id),
      reason: 'Donor gave twice by mistake',
    });
    expect(res.status).toBe(201);

    const html = await (await candidate.request('/campaign-dashboard')).text();
    // Raised is paid gifts only: it drops by the refund, and the refunds line says why.
    expect(html).toContain('data-testid="total-raised">$40.00<');
    expect(html).toContain('data-testid="total-refunded">$125.00<');
    expect(html).toContain('1 gift refunded, $125.00 in all.');
    const refunds = /data-testid="refunds"[\s\S]*?<\/table>/.exec(html)?.[0] ?? '';
    expect(refunds).toMatch(new RegExp(`datetime="${today()}T`, 'i'));
    expect(refunds).toContain(longDay());
    expect(refunds).toContain('Rhea Refunded');
    expect(refunds).toContain('$125.00');
    expect(refunds).toContain('Donor gave twice by mistake');
    // The gift does not vanish from "Recent gifts": it stays, marked.
    const recent = /data-testid="recent-gifts"[\s\S]*?<\/table>/.exec(html)?.[0] ?? '';
    expect(recent).toContain(`$125.00, refunded ${longDay()}`);

    const notices = await t.db
      .selectFrom('notifications')
      .select(['type', 'message', 'route'])
      .where('user_id', '=', candidateId)
      .execute();
    expect(notices).toContainEqual({
      type: NOTIFICATION_TYPE.donationReceived,
      message: 'A $125.00 gift from Rhea Refunded was refunded',
      route: '/campaign-dashboard',
    });

    const csv = await (await candidate.request('/campaign-dashboard/compliance.csv')).text();
    const lines = csv.split('\r\n');
    expect(lines[0]).toMatch(/,itemized,refunded_on,refund_reason$/);
    const refunded = lines.find((l) => l.includes(gift.reference));
    expect(refunded).toMatch(
      new RegExp(`,125\\.00,primary,refunded,[\\d.]+,(yes|no),${campaignDay()},Donor gave twice by mistake$`),
    );
    const paid = lines.find((l) => l.includes('Rhea Refunded') && l.includes(',paid,'));
    expect(paid).toMatch(/,paid,40\.00,no,,$/);
  });
});
