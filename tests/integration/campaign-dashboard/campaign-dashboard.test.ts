import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { demoAccounts } from '../../factories/accounts';
import { giveGift, makeCandidate, makeDonor } from '../../factories/donations';
import { giveMembership } from '../../factories/membership';
import { signedIn } from '../../factories/staff';
import type { TestApp, TestBrowser } from '../../factories/test-app';
import { createTestApp } from '../../factories/test-app';

/**
 * /campaign-dashboard and its compliance CSV (docs/decisions/0023-campaign-dashboard-and-refunds.md). The demo member is made a
 * second candidate with no gifts of their own, so their figures are exact; the demo candidate
 * (Marisol Grant, given gifts here too) is the other candidate whose gifts must never show.
 */
let t: TestApp;
let jordan: TestBrowser;
let jordanId: number;
let marisolId: number;

const setToggle = (enabled: boolean) =>
  t.db.updateTable('feature_toggles').set({ enabled }).where('name', '=', 'campaign-donations').execute();

beforeAll(async () => {
  t = await createTestApp();
  const made = await demoAccounts(t.db, 'member', 'candidate', 'vendor');
  jordanId = made.member.id;
  marisolId = made.candidate.id;
  await makeCandidate(t.db, jordanId, 'jordan-rivera');
  // The chart and top donors are a paid entitlement (docs/decisions/0024-membership.md); Free is
  // tests/integration/membership/membership-site.test.ts.
  await giveMembership(t.db, jordanId, 'campaign');
  jordan = await signedIn(t, 'member@demo.campaignhq.test', DEMO_PASSWORD);
});
afterAll(() => t.close());

const day = (offsetDays: number) => new Date(Date.now() - offsetDays * 86_400_000);
const iso = (d: Date) => d.toISOString().slice(0, 10);

describe('who may open /campaign-dashboard', () => {
  it('sends visitors to sign in, and answers the normal 404 to members who are not candidates', async () => {
    const visitor = await t.app.request('/campaign-dashboard');
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toMatch(/\/signin\?callbackUrl=%2Fcampaign-dashboard/);
    const vendor = await signedIn(t, 'vendor@demo.campaignhq.test');
    const res = await vendor.request('/campaign-dashboard');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Page not found');
    expect((await vendor.request('/campaign-dashboard/compliance.csv')).status).toBe(404);
  });

  it('is a 404 with no avatar menu item while the campaign-donations toggle is off', async () => {
    const menuFlag = async () => {
      const html = await (await jordan.request('/')).text();
      return /campaignDonationsEnabled&quot;:(true|false)|"campaignDonationsEnabled":(true|false)/.exec(
        html,
      )?.[0];
    };
    expect((await jordan.request('/campaign-dashboard')).status).toBe(200);
    expect(await menuFlag()).toMatch(/true/);
    await setToggle(false);
    try {
      expect((await jordan.request('/campaign-dashboard')).status).toBe(404);
      expect((await jordan.request('/campaign-dashboard/compliance.csv')).status).toBe(404);
      expect(await menuFlag()).toMatch(/false/);
    } finally {
      await setToggle(true);
    }
  });
});

describe('the dashboard figures', () => {
  it("counts only the candidate's own paid gifts", async () => {
    const donor = await makeDonor(t.db, { first: 'Ana', last: 'Lopez' });
    await giveGift(t.db, {
      candidateId: jordanId,
      donorId: donor,
      amountCents: 5_000,
      first: 'Ana',
      last: 'Lopez',
    });
    await giveGift(t.db, {
      candidateId: jordanId,
      donorId: donor,
      amountCents: 2_500,
      first: 'Ana',
      last: 'Lopez',
    });
    await giveGift(t.db, { candidateId: jordanId, amountCents: 10_000, first: 'Ben', last: 'Okafor' });
    await giveGift(t.db, {
      candidateId: jordanId,
      amountCents: 7_700,
      status: 'refunded',
      first: 'Cy',
      last: 'Refund',
    });
    await giveGift(t.db, {
      candidateId: jordanId,
      amountCents: 9_900,
      status: 'pending',
      first: 'Di',
      last: 'Pending',
    });
    await giveGift(t.db, { candidateId: marisolId, amountCents: 333_300, first: 'Other', last: 'Candidate' });

    const html = await (await jordan.request('/campaign-dashboard')).text();
    expect(html).toContain('data-testid="total-raised">$175.00<');
    expect(html).toContain('data-testid="total-gifts">3<');
    expect(html).toContain('data-testid="total-donors">2<');
    expect(html).toContain('Ben Okafor');
    expect(html).not.toContain('Other Candidate');
    // A refunded gift raised nothing; it stays listed, marked (docs/decisions/0077-refunds-the-candidate-sees.md).
    expect(html).toMatch(/Cy Refund<\/td><td>\$77\.00, refunded /);
    expect(html).not.toContain('Di Pending');
    expect(html).toContain('href="/donate/jordan-rivera"');
    // The chart is a picture with a summary, and its figures are in a table.
    expect(html).toMatch(/<svg[^>]*role="img"/);
    expect(html).toContain('Paid gifts by day');
  });

  it('adds active monthly gifts to the recurring figure', async () => {
    const donor = await makeDonor(t.db, { first: 'Rae', last: 'Monthly' });
    for (const [status, cents] of [
      ['active', 2_000],
      ['cancelled', 9_000],
    ] as const) {
      await t.db
        .insertInto('recurring_donations')
        .values({
          reference: `REC-${status}`,
          candidate_id: jordanId,
          donor_id: donor,
          amount_cents: cents,
          email: 'rae@example.org',
          status,
        })
        .execute();
    }
    const html = await (await jordan.request('/campaign-dashboard')).text();
    expect(html).toContain('data-testid="total-recurring">$20.00<');
  });
});

describe('election dates', () => {
  it('saves valid dates and refuses a general on or before the primary, or a date that is no date', async () => {
    const bad = await jordan.form('/campaign-dashboard/elections', {
      primaryOn: '2026-06-02',
      generalOn: '2026-05-01',
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('The general election must come after the primary.');
    const notADate = await jordan.form('/campaign-dashboard/elections', {
      primaryOn: '2026-02-30',
      generalOn: '2026-11-03',
    });
    expect(notADate.status).toBe(400);
    expect(
      await t.db.selectFrom('candidate_elections').selectAll().where('candidate_id', '=', jordanId).execute(),
    ).toEqual([]);

    const ok = await jordan.form('/campaign-dashboard/elections', {
      primaryOn: '2026-05-05',
      generalOn: '2026-11-03',
    });
    expect(ok.status).toBe(303);
    const html = await (await jordan.request('/campaign-dashboard?saved=elections')).text();
    expect(html).toContain('value="2026-05-05"');
    expect(html).toContain('value="2026-11-03"');
  });
});

describe('campaigns', () => {
  it('creates a campaign with a goal, lists it with a progress bar and link, and archives only its own', async () => {
    const bad = await jordan.form('/campaign-dashboard/campaigns', { name: '', goal: 'lots' });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain('Give the campaign a name.');
    expect(badHtml).toContain('Enter a goal in dollars');

    const res = await jordan.form('/campaign-dashboard/campaigns', {
      name: 'Spring drive',
      description: 'Doors and phones',
      goal: '1,000',
    });
    expect(res.status).toBe(303);
    const campaign = await t.db
      .selectFrom('campaigns')
      .selectAll()
      .where('candidate_id', '=', jordanId)
      .executeTakeFirstOrThrow();
    expect(campaign).toMatchObject({ type: 'CampaignDonation', name: 'Spring drive', goal_cents: 100_000 });
    await giveGift(t.db, { candidateId: jordanId, amountCents: 25_000, campaignId: campaign.id });
    await giveGift(t.db, {
      candidateId: jordanId,
      amountCents: 5_000,
      campaignId: campaign.id,
      status: 'refunded',
    });

    const html = await (await jordan.request('/campaign-dashboard')).text();
    expect(html).toContain('$250.00 raised of $1,000.00');
    expect(html).toMatch(/role="progressbar"[^>]*aria-valuenow="25"/);
    expect(html).toContain(`href="/donate/jordan-rivera?campaign=${campaign.id}"`);

    const marisol = await signedIn(t, 'candidate@demo.campaignhq.test');
    expect((await marisol.form(`/campaign-dashboard/campaigns/${campaign.id}/archive`, {})).status).toBe(404);
    expect((await jordan.form(`/campaign-dashboard/campaigns/${campaign.id}/archive`, {})).status).toBe(303);
    const archived = await t.db
      .selectFrom('campaigns')
      .select('archived_at')
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    expect(archived.archived_at).toBeInstanceOf(Date);
  });
});

describe('the compliance CSV', () => {
  it('streams every contribution in the range with aggregates, and the itemized donors', async () => {
    const donor = await makeDonor(t.db, { first: 'Ivy', last: 'Itemized' });
    const base = { candidateId: jordanId, donorId: donor, first: 'Ivy', last: 'Itemized' };
    await giveGift(t.db, { ...base, amountCents: 15_000, paidAt: day(40) });
    await giveGift(t.db, {
      ...base,
      amountCents: 10_000,
      paidAt: day(5),
      employer: 'Acme',
      occupation: 'Engineer',
    });
    await giveGift(t.db, {
      candidateId: jordanId,
      amountCents: 1_000,
      paidAt: day(3),
      first: '=cmd',
      last: 'Injection',
    });
    await giveGift(t.db, {
      candidateId: marisolId,
      amountCents: 4_200,
      paidAt: day(3),
      first: 'Not',
      last: 'Jordans',
    });

    const res = await jordan.request(
      `/campaign-dashboard/compliance.csv?from=${iso(day(10))}&to=${iso(day(0))}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="contributions-/);
    expect(res.body).toBeInstanceOf(ReadableStream);
    const text = await res.text();
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'date,reference,donor_name,street,city,state,zip,email,employer,occupation,amount,election,status,aggregate_to_date,itemized,refunded_on,refund_reason',
    );
    const section = lines.indexOf('Itemized donors (aggregate over $200)');
    expect(section).toBeGreaterThan(0);
    const ivy = lines.slice(0, section).filter((l) => l.includes('Ivy Itemized'));
    // The gift 40 days ago is outside the range, but counts toward the aggregate of the later one.
    expect(ivy).toHaveLength(1);
    expect(ivy[0]).toContain('Acme,Engineer,100.00,primary,paid,250.00,yes,,');
    expect(text).toContain("'=cmd Injection");
    expect(text).not.toContain('Not Jordans');
    expect(text).not.toContain('Other Candidate');
    expect(lines[section + 1]).toBe(
      'donor_name,street,city,state,zip,email,employer,occupation,aggregate_to_date',
    );
    expect(
      lines
        .slice(section + 2)
        .some((l) => l.startsWith('Ivy Itemized,') && l.includes('Acme,Engineer,250.00')),
    ).toBe(true);
  });

  it('refuses a bad range with field errors', async () => {
    const res = await jordan.request('/campaign-dashboard/compliance.csv?from=2026-13-01&to=2026-01-01');
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('real date');
  });

  it('gives the other candidate only their own gifts', async () => {
    const marisol = await signedIn(t, 'candidate@demo.campaignhq.test');
    const text = await (await marisol.request('/campaign-dashboard/compliance.csv')).text();
    expect(text).toContain('Not Jordans');
    expect(text).not.toContain('Ivy Itemized');
    expect(text).not.toContain('Ben Okafor');
  });
});
