import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { demoAccounts, makeAccount } from '../../factories/accounts';
import { giveGift } from '../../factories/donations';
import { rest, signedIn } from '../../factories/staff';
import { anEventOf, aSignup, supporterOf } from '../../factories/supporters';
import type { TestApp, TestBrowser } from '../../factories/test-app';
import { createTestApp } from '../../factories/test-app';

/**
 * No campaign sees a person it is not connected to (issue 50, docs/decisions/0100-supporters.md):
 * three campaigns (two candidates and an organization), each with its own person; every viewer
 * (each campaign, a treasurer of the first, a member with no campaign, a console admin) tries every
 * campaign's list, CSV, person pages and saved lists, and the console's REST and tRPC doors. Only a
 * campaign's team reaches its people, and only its own people appear in what it reaches.
 */
let t: TestApp;
const campaigns: Record<'alpha' | 'beta' | 'org', number> = { alpha: 0, beta: 0, org: 0 };
const people: Record<'alpha' | 'beta' | 'org', { supporterId: number; name: string }> = {
  alpha: { supporterId: 0, name: 'Alma Alphadonor' },
  beta: { supporterId: 0, name: 'Bert Betafollower' },
  org: { supporterId: 0, name: 'Olga Orgvolunteer' },
};
const browsers: Record<string, TestBrowser> = {};

beforeAll(async () => {
  t = await createTestApp();
  const demo = await demoAccounts(t.db, 'admin', 'member');
  const alpha = await makeAccount(t.db, 'alpha-campaign', { is_candidate: true, handle: 'alpha-campaign' });
  const beta = await makeAccount(t.db, 'beta-campaign', { is_candidate: true, handle: 'beta-campaign' });
  const org = await makeAccount(t.db, 'org-campaign', { kind: 'organization', org_name: 'Org Campaign' });
  const treasurer = await makeAccount(t.db, 'alpha-treasurer');
  const follower = await makeAccount(t.db, 'bert', { first_name: 'Bert', last_name: 'Betafollower' });
  Object.assign(campaigns, { alpha: alpha.id, beta: beta.id, org: org.id });
  await t.db
    .insertInto('campaign_treasurers')
    .values({ candidate_id: alpha.id, user_id: treasurer.id })
    .execute();

  await giveGift(t.db, { candidateId: alpha.id, amountCents: 5_000, first: 'Alma', last: 'Alphadonor' });
  await t.db.insertInto('follows').values({ follower_id: follower.id, followee_id: beta.id }).execute();
  const eventId = await anEventOf(t.db, org.id);
  await aSignup(t.db, eventId, {
    email: 'olga@volunteers.test',
    name: 'Olga Orgvolunteer',
    phone: '555-0100',
  });
  people.alpha.supporterId = (await supporterOf(t.db, alpha.id, {
    email: 'alma.alphadonor@example.org',
  }))!.id;
  people.beta.supporterId = (await supporterOf(t.db, beta.id, { userId: follower.id }))!.id;
  people.org.supporterId = (await supporterOf(t.db, org.id, { email: 'olga@volunteers.test' }))!.id;

  for (const [who, email] of [
    ['alpha', alpha.email],
    ['beta', beta.email],
    ['org', org.email],
    ['treasurer', treasurer.email],
    ['member', demo.member.email],
  ] as const) {
    browsers[who] = await signedIn(t, email, DEMO_PASSWORD);
  }
  browsers.admin = await signedIn(t, demo.admin.email);
});
afterAll(() => t.close());

/** Who may see whose people: each campaign its own, the treasurer alpha's, nobody else anything. */
const SEES: Record<string, readonly string[]> = {
  alpha: ['alpha'],
  beta: ['beta'],
  org: ['org'],
  treasurer: ['alpha'],
  member: [],
  admin: [],
};
const CAMPAIGNS = ['alpha', 'beta', 'org'] as const;

describe('the supporter matrix', () => {
  it.each(Object.keys(SEES))('%s reaches exactly the people of the campaigns it works on', async (viewer) => {
    const browser = browsers[viewer]!;
    for (const campaign of CAMPAIGNS) {
      const allowed = SEES[viewer]!.includes(campaign);
      const ownerId = campaigns[campaign];
      const list = await browser.request(`/supporters/${ownerId}`);
      const csv = await browser.request(`/supporters/${ownerId}/supporters.csv`);
      const listHtml = await list.text();
      const csvText = await csv.text();
      expect(list.status, `${viewer} → ${campaign} list`).toBe(allowed ? 200 : 404);
      expect(csv.status, `${viewer} → ${campaign} CSV`).toBe(allowed ? 200 : 404);
      for (const person of CAMPAIGNS) {
        const own = allowed && person === campaign;
        const { supporterId, name } = people[person];
        // A person appears in a list or CSV only when the campaign is theirs.
        expect(listHtml.includes(name), `${viewer} sees ${person} in ${campaign}'s list`).toBe(own);
        expect(csvText.includes(name), `${viewer} sees ${person} in ${campaign}'s CSV`).toBe(own);
        const page = await browser.request(`/supporters/${ownerId}/people/${supporterId}`);
        expect(page.status, `${viewer} → ${person} through ${campaign}`).toBe(own ? 200 : 404);
        if (!own) expect(await page.text()).not.toContain(name);
      }
      const tag = await browser.form(`/supporters/${ownerId}/people/${people[campaign].supporterId}/tags`, {
        tag: 'Matrix',
      });
      expect(tag.status, `${viewer} tags in ${campaign}`).toBe(allowed ? 303 : 404);
    }
  });

  it('a campaign cannot reach another campaign’s person by pairing its own id with theirs', async () => {
    const res = await browsers.alpha!.request(
      `/supporters/${campaigns.alpha}/people/${people.beta.supporterId}`,
    );
    expect(res.status).toBe(404);
    const note = await browsers.alpha!.form(
      `/supporters/${campaigns.alpha}/people/${people.org.supporterId}/notes`,
      {
        body: 'Not mine',
      },
    );
    expect(note.status).toBe(404);
    const notes = await t.db.selectFrom('supporter_notes').select('id').execute();
    expect(notes).toEqual([]);
  });

  it('no REST resource or tRPC procedure serves supporters: the pages are the only door', async () => {
    const restRes = await rest(browsers.admin!, 'GET', '/supporters');
    expect(restRes.status).toBe(404);
    for (const procedure of ['supporters.list', 'supporters.person']) {
      const res = await browsers.alpha!.request(`/api/doors/trpc/${procedure}`);
      expect(res.status, procedure).toBe(404);
    }
  });
});
