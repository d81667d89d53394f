import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendSupporterEmail } from '../../../api/modules/campaign-dashboard/outreach';
import { appMassEmailAudiences } from '../../../api/modules/mass-email-audiences';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { demoAccounts } from '../../factories/accounts';
import { makeCandidate } from '../../factories/donations';
import { anOutreachCampaign, aPerson, follow } from '../../factories/gotv';
import { addGift, noQueue } from '../../factories/mass-email';
import { giveMembership } from '../../factories/membership';
import { signedIn } from '../../factories/staff';
import { createTestApp, type TestApp, type TestBrowser } from '../../factories/test-app';

/**
 * Candidates email their own people from /campaign-dashboard/outreach (docs/decisions/0032-gotv-and-candidate-emails.md): they
 * create SocialMedia and GOTV campaigns; the email goes to their followers and/or donors only; the
 * tier's monthly allowance is charged in the queuing transaction, so racing sends cannot pass it;
 * Free (0 a month) explains the upgrade and sends nothing.
 */
let t: TestApp;
let jordan: TestBrowser;
let jordanId: number;
let otherId: number;

const email = { subject: 'Vote on Tuesday, {{firstName}}', body: 'Polls open at 7.' };
const sends = () =>
  t.db
    .selectFrom('mass_email_sends')
    .selectAll()
    .where('audience_kind', '=', 'candidate-supporters')
    .execute();
const recipientsOf = async (sendId: number) =>
  (
    await t.db
      .selectFrom('mass_email_recipients')
      .select('email')
      .where('send_id', '=', sendId)
      .orderBy('email')
      .execute()
  ).map((r) => r.email);

beforeAll(async () => {
  t = await createTestApp();
  await t.db
    .updateTable('feature_toggles')
    .set({ enabled: true })
    .where('name', '=', 'campaign-donations')
    .execute();
  jordanId = (await demoAccounts(t.db, 'member')).member.id;
  await makeCandidate(t.db, jordanId, 'jordan-rivera');
  jordan = await signedIn(t, 'member@demo.campaignhq.test', DEMO_PASSWORD);
  otherId = (await aPerson(t.db, { candidate: true })).id;
});
afterAll(() => t.close());

describe('campaigns and the Free plan', () => {
  it('creates SocialMedia and GOTV campaigns; refuses another type with a field error', async () => {
    const ok = await jordan.form('/campaign-dashboard/outreach/campaigns', {
      type: 'SocialMedia',
      name: 'Share the rally',
    });
    expect(ok.status).toBe(303);
    const bad = await jordan.form('/campaign-dashboard/outreach/campaigns', { type: 'Lottery', name: 'x' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Choose social media or get out the vote.');
    const page = await (await jordan.request('/campaign-dashboard/outreach')).text();
    expect(page).toContain('Share the rally');
  });

  it('on Free explains the upgrade and refuses a send, storing nothing', async () => {
    const campaign = await anOutreachCampaign(t.db, jordanId);
    await follow(t.db, (await aPerson(t.db)).id, jordanId);
    const page = await (await jordan.request('/campaign-dashboard/outreach')).text();
    expect(page).toContain('includes no emails to your followers and donors');
    const res = await jordan.form('/campaign-dashboard/outreach/emails', {
      campaignId: String(campaign.id),
      followers: 'on',
      intent: 'send',
      ...email,
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('would go to 1 email; your plan has 0 emails left this month.');
    expect(await sends()).toHaveLength(0);
  });
});

describe('emailing their own people', () => {
  let campaignId: number;
  let fan: { id: number; email: string };

  beforeAll(async () => {
    await giveMembership(t.db, jordanId, 'campaign');
    campaignId = (await anOutreachCampaign(t.db, jordanId)).id;
    fan = await aPerson(t.db, { firstName: 'Fay' });
    await follow(t.db, fan.id, jordanId);
    // Someone who follows another candidate only, and a gift to that other candidate.
    await follow(t.db, (await aPerson(t.db)).id, otherId);
    const othersCampaign = await t.db
      .insertInto('campaigns')
      .values({ candidate_id: otherId, type: 'CampaignDonation', name: 'Not yours' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await addGift(t.db, { id: othersCampaign.id, candidateId: otherId }, 'their-donor@donors.test', 'Tia');
  });

  it('previews the count, then queues the email to their followers and donors only', async () => {
    const jordansCampaign = await t.db
      .insertInto('campaigns')
      .values({ candidate_id: jordanId, type: 'CampaignDonation', name: 'Jordan donations' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await addGift(t.db, { id: jordansCampaign.id, candidateId: jordanId }, 'my-donor@donors.test', 'Max');
    const preview = await jordan.form('/campaign-dashboard/outreach/emails', {
      campaignId: String(campaignId),
      followers: 'on',
      donors: 'on',
      intent: 'preview',
      ...email,
    });
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(html).toMatch(/Followers and donors of [^:]+: Get out the vote \w+: \d+ would receive it/);
    const res = await jordan.form('/campaign-dashboard/outreach/emails', {
      campaignId: String(campaignId),
      followers: 'on',
      donors: 'on',
      intent: 'send',
      ...email,
    });
    expect(res.status).toBe(303);
    const [send] = await sends();
    const to = await recipientsOf(send!.id);
    expect(to).toContain(fan.email.toLowerCase());
    expect(to).toContain('my-donor@donors.test');
    expect(to).not.toContain('their-donor@donors.test');
    expect(send!.created_by).toBe(jordanId);
  });

  it("refuses another candidate's campaign with a field error", async () => {
    const theirs = await anOutreachCampaign(t.db, otherId);
    const before = (await sends()).length;
    const res = await jordan.form('/campaign-dashboard/outreach/emails', {
      campaignId: String(theirs.id),
      followers: 'on',
      intent: 'send',
      ...email,
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Choose one of your open social media or GOTV campaigns.');
    expect(await sends()).toHaveLength(before);
  });

  it('charges the allowance in SQL: of two racing sends that would pass it together, one is refused', async () => {
    // A tier of 5 a month in this test's database, from a clean month.
    await t.db.deleteFrom('mass_email_allowance_usage').execute();
    await t.db
      .updateTable('membership_entitlements')
      .set({ follower_emails_per_month: 5 })
      .where('tier', '=', 'campaign')
      .execute();
    const campaign = await anOutreachCampaign(t.db, jordanId);
    const deps = {
      db: t.db,
      jobs: noQueue,
      audiences: appMassEmailAudiences(),
      links: { appUrl: t.config.appUrl, appSecret: t.config.appSecret },
    };
    // Followers + donors: 3 recipients each send (two followers, one donor), so two sends need 6 > 5.
    const one = () =>
      sendSupporterEmail(
        deps,
        { id: jordanId, ip: '192.0.2.9' },
        {
          campaignId: campaign.id,
          groups: ['donors', 'followers'],
          content: { ...email, fromName: 'Jordan' },
        },
      );
    const results = await Promise.allSettled([one(), one()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason.fieldErrors.audience[0]).toMatch(
      /would go to 3 emails; your plan has 2 emails left this month/,
    );
    const usage = await t.db
      .selectFrom('mass_email_allowance_usage')
      .select('used')
      .where('user_id', '=', jordanId)
      .executeTakeFirstOrThrow();
    expect(usage.used).toBe(3);
    const allowance = await (await jordan.request('/campaign-dashboard/outreach')).text();
    expect(allowance).toContain('Used this month: 3; left: 2.');
  });

  it('sends to the engaged people alone when a window is chosen, and refuses another window', async () => {
    const donations = await t.db
      .insertInto('campaigns')
      .values({ candidate_id: jordanId, type: 'CampaignDonation', name: 'Jordan engaged donations' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await addGift(t.db, { id: donations.id, candidateId: jordanId }, 'recent-donor@donors.test', 'Rae');
    const engagedSends = () =>
      t.db
        .selectFrom('mass_email_sends')
        .selectAll()
        .where('audience_kind', '=', 'engaged-supporters')
        .execute();
    const refused = await jordan.form('/campaign-dashboard/outreach/emails', {
      campaignId: String(campaignId),
      engagedDays: '45',
      intent: 'send',
      ...email,
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Choose 30, 60 or 90 days.');
    expect(await engagedSends()).toHaveLength(0);
    const preview = await jordan.form('/campaign-dashboard/outreach/emails', {
      campaignId: String(campaignId),
      engagedDays: '30',
      intent: 'preview',
      ...email,
    });
    expect(await preview.text()).toMatch(
      /Clicked or gave in the last 30 days, [^:]+: Get out the vote \w+: \d+ would receive it/,
    );
    const res = await jordan.form('/campaign-dashboard/outreach/emails', {
      campaignId: String(campaignId),
      engagedDays: '30',
      intent: 'send',
      ...email,
    });
    expect(res.status).toBe(303);
    const [send] = await engagedSends();
    const to = await recipientsOf(send!.id);
    expect(to).toContain('recent-donor@donors.test');
    // A follower who neither clicked nor gave is not engaged.
    expect(to).not.toContain(fan.email.toLowerCase());
  });
});
