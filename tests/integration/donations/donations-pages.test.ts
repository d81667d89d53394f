import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDonationFollowUps } from '../../../api/modules/donations/follow-up';
import { createAppPayableOwners } from '../../../api/modules/payable-owners';
import { deliverTestGatewayEvent } from '../../../api/modules/payments/test-gateway-delivery';
import { outboxEmail } from '../../../api/ports/email/outbox';
import { testPayableEvent } from '../../../api/ports/payments/test-gateway';
import { aCandidate, aMember } from '../../factories/donations';
import { checkoutPlanOf } from '../../factories/payables';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t?.close());

const FORM = {
  amount: '5000',
  frequency: 'once',
  firstName: 'Pat',
  lastName: 'Page',
  street: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  acceptRules: 'on',
};

describe('/donate/{candidateSlug}', () => {
  it('answers 404 for an unknown handle and for a member who is not a candidate', async () => {
    expect((await t.app.request('/donate/nobody-here')).status).toBe(404);
    const member = await aMember(t.db);
    await t.db
      .updateTable('users')
      .set({ handle: `not-cand-${member.id}` })
      .where('id', '=', member.id)
      .execute();
    expect((await t.app.request(`/donate/not-cand-${member.id}`)).status).toBe(404);
  });

  it('shows the form, the presets and the contribution rules; a campaign with its progress', async () => {
    const c = await aCandidate(t.db);
    const campaign = await t.db
      .insertInto('campaigns')
      .values({ candidate_id: c.id, type: 'CampaignDonation', name: 'Spring drive', goal_cents: 1_000_000 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const html = await (await t.app.request(`/donate/${c.handle}?campaign=${campaign.id}`)).text();
    expect(html).toContain('Donate to Casey Candidate');
    expect(html).toContain('Spring drive');
    expect(html).toContain('<progress');
    for (const text of ['$25', '$50', '$100', '$250', '$500', '$1,000', 'not a federal contractor'])
      expect(html).toContain(text);
    expect(html).toContain('Count toward the general election');
    // The best-efforts statement comes with employer and occupation, asked only past $200
    // (docs/decisions/0094-refcodes-and-honest-monthly.md); a new donor is not asked.
    expect(html).not.toContain('Federal law requires us to use our best efforts');
    expect(html).not.toContain('name="employer"');
  });

  it('says a candidate without elections, or with the toggle off, is not accepting gifts (no form)', async () => {
    const c = await aCandidate(t.db, null);
    const notYet = await (await t.app.request(`/donate/${c.handle}`)).text();
    expect(notYet).toContain('Casey Candidate isn&#x27;t accepting donations yet.');
    const open = await aCandidate(t.db);
    await t.db
      .insertInto('feature_toggles')
      .values({ name: 'campaign-donations', enabled: false, description: 'Campaign donations' })
      .onConflict((oc) => oc.column('name').doUpdateSet({ enabled: false }))
      .execute();
    try {
      const html = await (await t.app.request(`/donate/${open.handle}`)).text();
      expect(html).toContain('Casey Candidate isn&#x27;t accepting donations right now.');
      expect(html).not.toContain('data-island="DonationForm"');
    } finally {
      await t.db
        .updateTable('feature_toggles')
        .set({ enabled: true })
        .where('name', '=', 'campaign-donations')
        .execute();
    }
  });

  it('takes a plain form POST: errors re-render beside the fields, a good gift goes to the pay page', async () => {
    const c = await aCandidate(t.db);
    const browser = new TestBrowser(t);
    const refused = await browser.form(`/donate/${c.handle}`, { ...FORM, email: 'not-an-email' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Enter a valid email address.');
    const noAmount = await browser.form(`/donate/${c.handle}`, {
      ...FORM,
      amount: 'custom',
      customAmount: '',
    });
    expect(noAmount.status).toBe(400);
    expect(await noAmount.text()).toContain('Choose or enter an amount.');
    const paid = await browser.form(`/donate/${c.handle}`, { ...FORM, email: 'plain@example.test' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toMatch(/^\/pay\/payable\/tgco_[\w-]+$/);
  });
});

describe('cancelling a monthly gift from its link', () => {
  it('shows a confirmation on GET, cancels on POST, and opens nothing for a forged token', async () => {
    const c = await aCandidate(t.db);
    const browser = new TestBrowser(t);
    const started = await browser.form(`/donate/${c.handle}`, {
      ...FORM,
      frequency: 'monthly',
      email: 'monthly-page@example.test',
    });
    const plan = await checkoutPlanOf(t.db, started.headers.get('location')!);
    const deps = { db: t.db, email: outboxEmail(), config: t.config, owners: createAppPayableOwners() };
    await deliverTestGatewayEvent(
      deps,
      testPayableEvent(
        plan.payable,
        { ok: true },
        {
          subscriptionId: 'sub_page',
          period: { start: new Date().toISOString(), end: new Date().toISOString() },
        },
      ),
    );
    const receipt = await t.db
      .selectFrom('email_outbox')
      .select('text_body')
      .where('to_address', '=', 'monthly-page@example.test')
      .executeTakeFirstOrThrow();
    const link = new URL(receipt.text_body.match(/https?:\/\/\S+\/cancel\?token=\S+/)![0]);
    const path = `${link.pathname}${link.search}`;
    expect((await t.app.request(`${link.pathname}?token=forged`)).status).toBe(404);
    const page = await t.app.request(path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Cancel my monthly gift');
    const still = await t.db
      .selectFrom('recurring_donations')
      .select('status')
      .where('reference', '=', plan.payable.reference)
      .executeTakeFirstOrThrow();
    expect(still.status).toBe('active');
    expect((await browser.form(link.pathname, { token: 'forged' })).status).toBe(404);
    for (let i = 0; i < 2; i++) {
      const done = await browser.form(link.pathname, { token: link.searchParams.get('token')! });
      expect(done.status).toBe(200);
      expect(await done.text()).toContain('Your monthly gift to Casey Candidate is cancelled.');
    }
    const after = await t.db
      .selectFrom('recurring_donations')
      .select('status')
      .where('reference', '=', plan.payable.reference)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('cancelled');
  });
});

describe('the best-efforts follow-up page', () => {
  it('asks with a signed link, refuses a forged one, and saves the answer', async () => {
    const c = await aCandidate(t.db);
    const email = 'follow-page@example.test';
    const browser = new TestBrowser(t);
    const deps = { db: t.db, email: outboxEmail(), config: t.config, owners: createAppPayableOwners() };
    const gifts: Record<string, string>[] = [
      { amount: '15000' },
      { amount: '10000', employer: 'Acme', occupation: 'Nurse' },
    ];
    for (const fields of gifts) {
      const res = await browser.form(`/donate/${c.handle}`, { ...FORM, ...fields, email });
      const plan = await checkoutPlanOf(t.db, res.headers.get('location')!);
      await deliverTestGatewayEvent(deps, testPayableEvent(plan.payable, { ok: true }));
    }
    // As if the second gift had been a renewal, which cannot ask.
    await t.db
      .updateTable('donations')
      .set({ employer: null, occupation: null })
      .where('email', '=', email)
      .execute();
    expect(
      await sendDonationFollowUps({ db: t.db, email: deps.email, config: t.config }),
    ).toBeGreaterThanOrEqual(1);
    const mail = await t.db
      .selectFrom('email_outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .where('subject', 'like', 'One question%')
      .executeTakeFirstOrThrow();
    const link = new URL(mail.text_body.match(/https?:\/\/\S+follow-up\/\S+/)![0]);
    expect((await t.app.request(`${link.pathname}?token=forged`)).status).toBe(404);
    expect(await (await t.app.request(`${link.pathname}${link.search}`)).text()).toContain(
      'Employer and occupation',
    );
    const token = link.searchParams.get('token')!;
    const refused = await browser.form(link.pathname, { token, employer: '', occupation: '' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Enter your occupation.');
    const saved = await browser.form(link.pathname, {
      token,
      employer: 'City Hospital',
      occupation: 'Nurse',
    });
    expect(saved.status).toBe(200);
    const rows = await t.db
      .selectFrom('donations')
      .select(['employer', 'occupation'])
      .where('email', '=', email)
      .execute();
    expect(rows).toEqual([
      { employer: 'City Hospital', occupation: 'Nurse' },
      { employer: 'City Hospital', occupation: 'Nurse' },
    ]);
  });
});
