import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../api/auth/passwords';
import { searchPeopleRows } from '../../../api/modules/people/search';
import { aCandidate, aMember, giveGift, makeDonor } from '../../factories/donations';
import { giveMembership } from '../../factories/membership';
import { signedIn } from '../../factories/staff';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * What membership changes on the site (docs/decisions/0024-membership.md; docs/product/rulings.md "Added
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

  it('is read with the search rows, by the same rule as the entitlements', async () => {
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
    const { rows } = await searchPeopleRows(t.db, {
      query: 'Casey',
      viewerId: null,
      limit: 50,
      verifiedBadgeAt: new Date(),
    });
    const verified = rows.filter((r) => ids.includes(r.id) && r.verified).map((r) => r.id);
    expect(rows.filter((r) => ids.includes(r.id))).toHaveLength(ids.length);
    expect(verified.sort()).toEqual([active.id, cancelling.id].sort());
  });
});

async function memberBrowser(kind: 'individual' | 'organization') {
  const m = await aMember(t.db, kind);
  await t.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(PASSWORD), email_verified_at: new Date() })
    .where('id', '=', m.id)
    .execute();
  return signedIn(t, m.email, PASSWORD);
}

/** The part of the page inside the element with this data-testid, up to the next one of the same tag. */
const section = (html: string, testid: string) => {
  const at = html.indexOf(`data-testid="${testid}"`);
  expect(at, testid).toBeGreaterThan(-1);
  return html.slice(at, html.indexOf('</section>', at));
};

describe('/membership', () => {
  it('shows both tracks, their prices and the comparison from the entitlements table, and an FAQ', async () => {
    await t.db
      .updateTable('membership_entitlements')
      .set({ open_job_posts: 7 })
      .where('tier', '=', 'campaign')
      .execute();
    try {
      const res = await new TestBrowser(t).request('/membership');
      expect(res.status).toBe(200);
      const html = await res.text();
      const candidates = section(html, 'track-candidate');
      expect(candidates).toContain('Political Candidates');
      for (const price of ['$0', '$29/month', '$99/month']) expect(candidates).toContain(price);
      const organizations = section(html, 'track-organization');
      expect(organizations).toContain('Activists &amp; Organizations');
      for (const price of ['$19/month', '$79/month']) expect(organizations).toContain(price);
      const row = (part: string, label: string) => {
        const at = part.indexOf(`<th scope="row">${label}</th>`);
        expect(at, label).toBeGreaterThan(-1);
        return [...part.slice(at, part.indexOf('</tr>', at)).matchAll(/<td>([^<]*)<\/td>/g)].map((m) => m[1]);
      };
      expect(row(candidates, 'Verified badge')).toEqual(['No', 'Yes', 'Yes']);
      expect(row(candidates, 'Campaign dashboard analytics')).toEqual(['No', 'Yes', 'Yes']);
      expect(row(candidates, 'Open job posts')).toEqual(['1', '7', '25']);
      expect(row(candidates, 'Follower emails per month')).toEqual(['0', '2,000', '20,000']);
      expect(row(organizations, 'Open job posts')).toEqual(['1', '5', '25']);
      expect(html).toContain('We retry for 7 days');
      expect(html).toContain('the rest of the old month is not refunded');
      expect(html).toContain('id="political-candidates"');
      expect(html).toContain('id="activists-organizations"');
    } finally {
      await t.db
        .updateTable('membership_entitlements')
        .set({ open_job_posts: 5 })
        .where('tier', '=', 'campaign')
        .execute();
    }
  });

  it('sends visitors to sign in and back to the tier they chose, which then stands out', async () => {
    const html = await (await new TestBrowser(t).request('/membership?tier=campaign')).text();
    expect(html).toContain(
      `href="/api/auth/signin?callbackUrl=%2Fmembership%3Ftier%3Dcampaign&amp;error=SessionRequired"`,
    );
    expect(html).toMatch(/class="plan-card plan-card--chosen" data-testid="tier-campaign"/);
    expect(html).not.toContain('data-testid="subscribe-campaign"');
  });

  it('offers a Free candidate Subscribe on the candidate track only, and says why not on the other', async () => {
    const c = await candidate('Subscriber');
    const html = await (await (await c.browser()).request('/membership?tier=campaign-pro')).text();
    expect(section(html, 'my-membership')).toContain('data-testid="my-tier">Free<');
    const candidates = section(html, 'track-candidate');
    expect(candidates).toContain('Subscribe to Campaign<');
    expect(candidates).toContain('data-testid="subscribe-campaign-pro"');
    const organizations = section(html, 'track-organization');
    expect(organizations).not.toContain('data-testid="subscribe-');
    expect(organizations).toContain('These tiers are for organization accounts');
  });

  it('offers an organization the organization track, and an individual no Subscribe at all', async () => {
    const org = await (await (await memberBrowser('organization')).request('/membership')).text();
    expect(section(org, 'track-organization')).toContain('data-testid="subscribe-organizer"');
    expect(section(org, 'track-candidate')).not.toContain('data-testid="subscribe-');
    const person = await (await (await memberBrowser('individual')).request('/membership')).text();
    expect(person).not.toContain('data-testid="subscribe-');
    expect(person).toContain('Paid tiers are for candidate and organization accounts');
  });

  it("shows a paid member's tier, renewal date and Cancel; a cancelling one's end date and Resume", async () => {
    const c = await candidate('Member');
    const end = new Date('2099-03-15T12:00:00Z');
    await giveMembership(t.db, c.id, 'campaign', { periodEnd: end });
    const html = await (await (await c.browser()).request('/membership')).text();
    const mine = section(html, 'my-membership');
    expect(mine).toContain('data-testid="my-tier">Campaign<');
    expect(mine).toContain('Active. Renews on March 15, 2099.');
    expect(mine).toContain('Cancel Campaign at the end of the period');
    expect(section(html, 'tier-campaign')).toContain('Your current tier');
    expect(section(html, 'track-candidate')).toContain('Change to Campaign Pro');

    await t.db
      .updateTable('membership_subscriptions')
      .set({ cancel_at_period_end: true })
      .where('user_id', '=', c.id)
      .execute();
    const after = section(await (await (await c.browser()).request('/membership')).text(), 'my-membership');
    expect(after).toContain('Cancelled. You keep Campaign until March 15, 2099, then move to Free.');
    expect(after).toContain('Resume Campaign');
  });
});

describe('/serviceordersuccess', () => {
  it('shows the tier and what it unlocks once paid, and waits while the payment is pending', async () => {
    const c = await candidate('Returning');
    const pending = await giveMembership(t.db, c.id, 'campaign', { status: 'pending' });
    const browser = await c.browser();
    const waiting = await (await browser.request(`/serviceordersuccess?ref=${pending.reference}`)).text();
    expect(waiting).toContain('Waiting for your payment');
    expect(waiting).toContain(`href="/serviceordersuccess?ref=${pending.reference}"`);

    await t.db
      .updateTable('membership_subscriptions')
      .set({ status: 'active', current_period_end: new Date(Date.now() + 30 * 86_400_000) })
      .where('id', '=', pending.id)
      .execute();
    const paid = await (await browser.request(`/serviceordersuccess?ref=${pending.reference}`)).text();
    expect(paid).toContain('Welcome to Campaign');
    const unlocks = section(paid, 'tier-unlocks');
    expect(unlocks).toContain('A verified badge on your profile and in people search');
    expect(unlocks).toContain('2,000 emails to your followers a month');
  });

  it("shows nothing of someone else's reference, and answers a visitor without one", async () => {
    const owner = await candidate('Owner');
    const other = await candidate('Other');
    const sub = await giveMembership(t.db, owner.id, 'campaign-pro');
    const res = await (await other.browser()).request(`/serviceordersuccess?ref=${sub.reference}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('We could not find this membership payment in your account.');
    expect(html).not.toContain('Campaign Pro');
    expect(html).not.toContain('Welcome');
    const visitor = await new TestBrowser(t).request('/serviceordersuccess');
    expect(visitor.status).toBe(200);
    expect(await visitor.text()).toContain('We could not find this membership payment');
  });
});
