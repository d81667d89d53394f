import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ENGAGED_PEOPLE, ENGAGED_SUPPORTERS, ENGAGED_WINDOWS } from '../../../api/contract/engaged-audiences';
import { deliverSend } from '../../../api/modules/mass-email/delivery';
import { followClick } from '../../../api/modules/mass-email/link-clicks';
import { countAudience, queueSend, resolveAudience } from '../../../api/modules/mass-email/sends';
import { suppress } from '../../../api/modules/mass-email/suppressions';
import { appMassEmailAudiences, CAMPAIGN_DONORS } from '../../../api/modules/mass-email-audiences';
import { outboxEmail } from '../../../api/ports/email/outbox';
import { addGift, createCampaign, noQueue } from '../../factories/mass-email';
import { links, marketing, setUpMassEmailApp, t } from '../../factories/mass-email-app';
import { rest } from '../../factories/staff';

/**
 * Engaged audiences (docs/decisions/0099-designed-email-and-click-tracking.md): who clicked a mass
 * email's link or gave in the last 30/60/90 days. Each count is checked against the rows it is
 * made of, read plainly and counted here.
 */
setUpMassEmailApp();

const DAY_MS = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS);
const deps = () => ({ db: t.db, audiences: appMassEmailAudiences() });

/** A candidate whose donors gave 0, 45, 75 and 120 days ago, who emailed them, and two clicks. */
async function engagedWorld() {
  const campaign = await createCampaign(t.db);
  const outreach = await t.db
    .insertInto('campaigns')
    .values({ candidate_id: campaign.candidateId, type: 'GOTV', name: `Outreach ${campaign.id}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tag = campaign.id;
  const gave = {
    [`ann${tag}@engaged.test`]: 0,
    [`bob${tag}@engaged.test`]: 45,
    [`cy${tag}@engaged.test`]: 75,
    [`dee${tag}@engaged.test`]: 120,
  };
  for (const email of Object.keys(gave)) await addGift(t.db, campaign, email, 'Donor');
  await addGift(t.db, campaign, `pat${tag}@engaged.test`, 'Pat', 'pending');
  for (const [email, ago] of Object.entries(gave)) {
    await t.db
      .updateTable('donations')
      .set({ paid_at: daysAgo(ago) })
      .where('email', '=', email)
      .execute();
  }
  // The candidate's own email to those donors; Dee (gave long ago) clicks today, Cy 50 days ago.
  const send = await queueSend(
    { ...deps(), jobs: noQueue },
    { kind: CAMPAIGN_DONORS, params: { campaignId: campaign.id } },
    { subject: 'Read', body: 'Read https://news.example.test/a', fromName: 'Casey' },
    { id: campaign.candidateId, ip: '192.0.2.1', permissions: [] },
  );
  await deliverSend({ db: t.db, email: outboxEmail(), links: links(), sliceMs: 600_000 }, send.id);
  for (const who of ['dee', 'cy']) {
    const message = await t.db
      .selectFrom('email_outbox')
      .select('text_body')
      .where('to_address', '=', `${who}${tag}@engaged.test`)
      .executeTakeFirstOrThrow();
    const token = /\/email-link\/(\S+)/.exec(message.text_body ?? '')?.[1] ?? '';
    expect(await followClick(t.db, t.config.appSecret, token)).toBe('https://news.example.test/a');
  }
  await sql`UPDATE mass_email_link_clicks k SET clicked_at = ${daysAgo(50)}
    FROM mass_email_recipients r WHERE r.id = k.recipient_id AND r.email = ${`cy${tag}@engaged.test`}`.execute(
    t.db,
  );
  return { campaign, outreachId: outreach.id, tag };
}

/** The engaged people of a window, from the plain rows: kept clicks and paid gifts since then. */
async function engagedFromRows(days: number, candidateId?: number) {
  const clicks = await t.db
    .selectFrom('mass_email_link_clicks as k')
    .innerJoin('mass_email_recipients as r', 'r.id', 'k.recipient_id')
    .innerJoin('mass_email_sends as s', 's.id', 'k.send_id')
    .select(['r.email', 'k.clicked_at', 's.created_by'])
    .execute();
  const gifts = await t.db
    .selectFrom('donations')
    .select(['email', 'paid_at', 'status', 'candidate_id'])
    .execute();
  const since = Date.now() - days * DAY_MS;
  const people = new Set<string>();
  for (const c of clicks)
    if (
      new Date(c.clicked_at).getTime() >= since &&
      (candidateId === undefined || c.created_by === candidateId)
    )
      people.add(c.email);
  for (const g of gifts)
    if (
      g.status === 'paid' &&
      g.paid_at &&
      new Date(g.paid_at).getTime() >= since &&
      (candidateId === undefined || g.candidate_id === candidateId)
    )
      people.add(g.email.trim().toLowerCase());
  return people;
}

async function count(kind: string, params: object) {
  return countAudience(t.db, await resolveAudience(deps(), { kind, params }));
}

describe('engaged audiences', () => {
  it("count the same people as the clicks and gifts they are made of, for GOTV and a candidate's outreach", async () => {
    const { campaign, outreachId, tag } = await engagedWorld();
    // Another candidate's engaged donor, to be left out of this candidate's list.
    const other = await createCampaign(t.db);
    await addGift(t.db, other, `eve${tag}@engaged.test`, 'Eve');

    const theirs = (days: number) =>
      count(ENGAGED_SUPPORTERS, { candidateId: campaign.candidateId, campaignId: outreachId, days });
    for (const days of ENGAGED_WINDOWS) {
      expect((await count(ENGAGED_PEOPLE, { days })).total, `GOTV ${days}`).toBe(
        (await engagedFromRows(days)).size,
      );
      expect((await theirs(days)).total, `outreach ${days}`).toBe(
        (await engagedFromRows(days, campaign.candidateId)).size,
      );
    }
    // Spelled out for this candidate: today Ann (gave) and Dee (clicked); Bob (45) and Cy (click 50) by 60; Cy's gift at 75 adds nobody new by 90.
    expect((await theirs(30)).total).toBe(2);
    expect((await theirs(60)).total).toBe(4);
    expect((await theirs(90)).total).toBe(4);
  });

  it("holds back the suppressed, forgets the unsubscribed's clicks, and refuses another window or someone else's campaign", async () => {
    const { campaign, outreachId, tag } = await engagedWorld();
    const params = { candidateId: campaign.candidateId, campaignId: outreachId, days: 30 };
    expect(await count(ENGAGED_SUPPORTERS, params)).toMatchObject({ recipients: 2, suppressed: 0 });
    await suppress(t.db, `dee${tag}@engaged.test`, 'unsubscribed', 'test');
    // Dee's only engagement was a click, now forgotten: she is not in the list at all.
    expect(await count(ENGAGED_SUPPORTERS, params)).toMatchObject({ recipients: 1, suppressed: 0, total: 1 });

    await expect(
      resolveAudience(deps(), { kind: ENGAGED_PEOPLE, params: { days: 45 } }),
    ).rejects.toMatchObject({
      fieldErrors: { days: ['Choose 30, 60 or 90 days.'] },
    });
    const stranger = await createCampaign(t.db);
    await expect(
      resolveAudience(deps(), {
        kind: ENGAGED_SUPPORTERS,
        params: { ...params, candidateId: stranger.candidateId },
      }),
    ).rejects.toMatchObject({ fieldErrors: { campaignId: [expect.any(String)] } });
  });

  it("is GOTV's engaged list in the console: counted by its window, another window refused", async () => {
    await engagedWorld();
    const size = await rest(marketing, 'POST', '/gotv-segment-sizes', { engagedDays: 60 });
    expect(size.status).toBe(200);
    expect(size.json).toMatchObject({
      audience: 'Clicked or gave in the last 60 days',
      total: (await engagedFromRows(60)).size,
    });
    const refused = await rest(marketing, 'POST', '/gotv-segment-sizes', { engagedDays: 45 });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.json)).toContain('Choose 30, 60 or 90 days.');
  });
});
