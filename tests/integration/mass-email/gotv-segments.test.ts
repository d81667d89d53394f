import { beforeAll, describe, expect, it } from 'vitest';
import { suppress } from '../../../api/modules/mass-email/suppressions';
import { aPerson, follow, sizeOf } from '../../factories/gotv';
import { addGift, createCampaign } from '../../factories/mass-email';
import { marketing, setUpMassEmailApp, t } from '../../factories/mass-email-app';
import { giveMembership } from '../../factories/membership';
import { rest } from '../../factories/staff';

/**
 * GOTV segments (docs/decisions/0032-gotv-and-candidate-emails.md): the size the console shows before sending, for each kind of
 * condition and their combinations (AND across conditions, OR inside a list), the suppression
 * list held back, blocked and deleted accounts and guests left out where they should be.
 */
setUpMassEmailApp();

const size = async (segment: object) => {
  const res = await rest(marketing, 'POST', '/gotv-segment-sizes', segment);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return sizeOf(res.json);
};

let candidateId: number;
let campaign: { id: number; candidateId: number; name: string };
let member: { id: number; email: string };

beforeAll(async () => {
  // In QA: an individual, an organization (Organizer), a candidate (Campaign), a vendor; in QB: one
  // individual; in QA but blocked or deleted: never counted.
  member = await aPerson(t.db, { state: 'QA', firstName: 'Ava' });
  const org = await aPerson(t.db, { state: 'QA', kind: 'organization' });
  const candidate = await aPerson(t.db, { state: 'QA', candidate: true });
  await aPerson(t.db, { state: 'QA', vendor: true });
  await aPerson(t.db, { state: 'QB' });
  await aPerson(t.db, { state: 'QA', blocked: true });
  await aPerson(t.db, { state: 'QA', deleted: true });
  await giveMembership(t.db, candidate.id, 'campaign');
  await giveMembership(t.db, org.id, 'organizer');
  // Followers of another candidate: the QA individual and the organization.
  const followed = await aPerson(t.db, { state: 'QC', candidate: true });
  candidateId = followed.id;
  await follow(t.db, member.id, candidateId);
  await follow(t.db, org.id, candidateId);
  // Donors to a campaign: the QA individual (by the address of their account) and a guest in IL.
  campaign = await createCampaign(t.db);
  await addGift(t.db, campaign, member.email.toUpperCase(), 'Ava');
  await addGift(t.db, campaign, 'guest-voter@donors.test', 'Gus');
});

describe('segment sizes', () => {
  it('counts members by state, any of the states chosen, live accounts only', async () => {
    expect(await size({ states: ['QA'] })).toMatchObject({ recipients: 4, suppressed: 0 });
    expect(await size({ states: ['QA', 'QB'] })).toMatchObject({ recipients: 5 });
  });

  it('counts by kind of member, alone and with the state', async () => {
    expect((await size({ states: ['QA'], kinds: ['organization'] })).recipients).toBe(1);
    expect((await size({ states: ['QA'], kinds: ['candidate', 'vendor'] })).recipients).toBe(2);
    expect((await size({ states: ['QA'], kinds: ['individual'] })).recipients).toBe(1);
  });

  it('counts by membership plan: Free is everyone no subscription grants a paid tier', async () => {
    expect((await size({ states: ['QA'], plans: ['free'] })).recipients).toBe(2);
    expect((await size({ states: ['QA'], plans: ['campaign'] })).recipients).toBe(1);
    expect((await size({ states: ['QA'], plans: ['campaign', 'organizer'] })).recipients).toBe(2);
    expect((await size({ states: ['QA'], plans: ['movement'] })).recipients).toBe(0);
  });

  it("counts a candidate's followers, alone and with other conditions", async () => {
    const followers = await size({ followersOf: candidateId });
    expect(followers.recipients).toBe(2);
    expect(followers.audience).toMatch(/^GOTV: Members following /);
    expect((await size({ followersOf: candidateId, kinds: ['individual'] })).recipients).toBe(1);
    expect((await size({ followersOf: candidateId, states: ['QB'] })).recipients).toBe(0);
  });

  it("counts a campaign's donors: members once, guests by their gift's state, no guest with member conditions", async () => {
    expect((await size({ donorsOf: campaign.id })).recipients).toBe(2);
    expect((await size({ donorsOf: campaign.id, states: ['QA'] })).recipients).toBe(1);
    expect((await size({ donorsOf: campaign.id, states: ['IL'] })).recipients).toBe(1);
    expect((await size({ donorsOf: campaign.id, kinds: ['individual'] })).recipients).toBe(1);
    expect((await size({ donorsOf: campaign.id, followersOf: candidateId, states: ['QA'] })).recipients).toBe(
      1,
    );
  });

  it('holds back suppressed addresses and shows how many', async () => {
    await suppress(t.db, 'guest-voter@donors.test', 'unsubscribed', 'test');
    expect(await size({ donorsOf: campaign.id })).toMatchObject({ recipients: 1, suppressed: 1, total: 2 });
  });

  it('refuses an empty segment, unknown states and a candidate or campaign that does not exist', async () => {
    const none = await rest(marketing, 'POST', '/gotv-segment-sizes', {});
    expect(none.status).toBe(400);
    expect(none.json).toMatchObject({ errors: { segment: expect.stringMatching(/at least one condition/) } });
    const badState = await rest(marketing, 'POST', '/gotv-segment-sizes', { states: ['Ohio'] });
    expect(badState.status).toBe(400);
    const badKind = await rest(marketing, 'POST', '/gotv-segment-sizes', { kinds: ['wizard'] });
    expect(badKind.status).toBe(400);
    const missing = await rest(marketing, 'POST', '/gotv-segment-sizes', { followersOf: 99_999_999 });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ errors: { segment: expect.anything() } });
  });
});
