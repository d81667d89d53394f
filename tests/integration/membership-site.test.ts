import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../api/auth/passwords';
import { verifiedUserIds } from '../../api/modules/membership/verified';
import { aCandidate, giveGift, makeDonor } from '../factories/donations';
import { giveMembership } from '../factories/membership';
import { signedIn } from '../factories/staff';
import { createTestApp, type TestApp, TestBrowser } from '../factories/test-app';

/**
 * What membership changes on the site (docs/decisions/0024; docs/product/decisions.md "Added
 * 2026-11-23"): the campaign dashboard's analytics, the verified badge, /membership and
 * /serviceordersuccess.
 */
let t: TestApp;
const PASSWORD = 'correct horse battery staple';

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t?.close());

async function candidate(lastName: string) {
  const c = await aCandidate(t.db);
  await t.db
    .updateTable('users')
    .set({ last_name: lastName, password_hash: await hashPassword(PASSWORD), email_verified_at: new Date() })
    .where('id', '=', c.id)
    .execute();
  const slug = `casey-${lastName.toLowerCase()}`;
  return {
    id: c.id,
    profile: `/profile/${slug}/${c.id}`,
    browser: () => signedIn(t, `${c.handle}@example.test`, PASSWORD),
  };
}

describe('the campaign dashboard', () => {
  it('shows the chart and top donors only to a paid candidate; totals, gifts and the CSV stay for Free', async () => {
    const free = await candidate('Freeman');
    const paid = await candidate('Payne');
    for (const c of [free, paid]) {
      const donor = await makeDonor(t.db, { first: 'Ana', last: 'Lopez' });
      await giveGift(t.db, {
        candidateId: c.id,
        donorId: donor,
        amountCents: 5_000,
        first: 'Ana',
        last: 'Lopez',
      });
    }
    await giveMembership(t.db, paid.id, 'campaign');

    const freeHtml = await (await (await free.browser()).request('/campaign-dashboard')).text();
    expect(freeHtml).toContain('data-testid="total-raised">$50.00<');
    expect(freeHtml).toContain('data-testid="recent-gifts"');
    expect(freeHtml).toContain('Download compliance CSV');
    expect(freeHtml).toContain('Election dates');
    expect(freeHtml).not.toContain('data-testid="dashboard-analytics"');
    expect(freeHtml).not.toContain('Paid gifts by day');
    expect(freeHtml).not.toContain('Top donors');
    expect(freeHtml).toMatch(/<a href="\/membership">Upgrade to Campaign for charts and donor insights<\/a>/);
    const csv = await (await free.browser()).request('/campaign-dashboard/compliance.csv');
    expect(csv.status).toBe(200);

    const paidHtml = await (await (await paid.browser()).request('/campaign-dashboard')).text();
    expect(paidHtml).toContain('data-testid="total-raised">$50.00<');
    expect(paidHtml).toContain('data-testid="dashboard-analytics"');
    expect(paidHtml).toContain('Paid gifts by day');
    expect(paidHtml).toContain('Top donors');
    expect(paidHtml).not.toContain('Upgrade to Campaign');
  });

  it('takes the analytics away once a cancelled period has ended', async () => {
    const c = await candidate('Lapsed');
    await giveMembership(t.db, c.id, 'campaign', {
      cancelling: true,
      periodEnd: new Date(Date.now() - 60_000),
    });
    const html = await (await (await c.browser()).request('/campaign-dashboard')).text();
    expect(html).not.toContain('data-testid="dashboard-analytics"');
    expect(html).toContain('Upgrade to Campaign for charts and donor insights');
  });
});

describe('the verified badge', () => {
  it('shows on the profile and in people search for a paid member only', async () => {
    const free = await candidate('Plainfield');
    const paid = await candidate('Badgely');
    await giveMembership(t.db, paid.id, 'campaign-pro');
    const visitor = new TestBrowser(t);

    const paidProfile = await (await visitor.request(paid.profile)).text();
    expect(paidProfile).toMatch(/data-testid="verified-badge"[^>]*>.*Verified<\/span>/s);
    const freeProfile = await (await visitor.request(free.profile)).text();
    expect(freeProfile).not.toContain('data-testid="verified-badge"');

    const card = (html: string, name: string) => {
      const at = html.indexOf(`>Casey ${name}<`);
      expect(at).toBeGreaterThan(-1);
      return html.slice(at, html.indexOf('</li>', at));
    };
    const results = await (await visitor.request('/search?q=Casey')).text();
    expect(card(results, 'Badgely')).toContain('Verified');
    expect(card(results, 'Plainfield')).not.toContain('Verified');
  });

  it('is read for a whole list in one call, by the same rule as the entitlements', async () => {
    const active = await candidate('Active');
    const cancelling = await candidate('Cancelling');
    const ended = await candidate('Ended');
    const pending = await candidate('Pending');
    const none = await candidate('None');
    await giveMembership(t.db, active.id, 'campaign');
    await giveMembership(t.db, cancelling.id, 'campaign', { cancelling: true });
    await giveMembership(t.db, ended.id, 'campaign', {
      cancelling: true,
      periodEnd: new Date(Date.now() - 1000),
    });
    await giveMembership(t.db, pending.id, 'campaign', { status: 'pending' });
    // A subscription of the other track grants nothing.
    await giveMembership(t.db, none.id, 'organizer');
    const ids = [active, cancelling, ended, pending, none].map((c) => c.id);
    expect([...(await verifiedUserIds(t.db, ids))].sort()).toEqual([active.id, cancelling.id].sort());
    expect(await verifiedUserIds(t.db, [])).toEqual(new Set());
  });
});
