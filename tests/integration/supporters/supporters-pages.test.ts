import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { makeAccount } from '../../factories/accounts';
import { giveGift } from '../../factories/donations';
import { giveMembership } from '../../factories/membership';
import { signedIn } from '../../factories/staff';
import { supporterOf } from '../../factories/supporters';
import { createTestApp, type TestApp, type TestBrowser } from '../../factories/test-app';

/**
 * The campaign's pages (docs/decisions/0100-supporters.md): find a donor, tag them, note them, save
 * a list of the tag, email it; bad filters and forms are field errors that change nothing; the
 * person sees the campaign on /settings/campaigns and disconnects, and the campaign loses them.
 */
let t: TestApp;
let candidate: TestBrowser;
let candidateId: number;
let fan: { id: number; email: string };

beforeAll(async () => {
  t = await createTestApp();
  const made = await makeAccount(t.db, 'pages-candidate', { is_candidate: true, handle: 'pages-candidate' });
  candidateId = made.id;
  await giveMembership(t.db, candidateId, 'campaign');
  candidate = await signedIn(t, made.email, DEMO_PASSWORD);
  fan = await makeAccount(t.db, 'fran-fan', { first_name: 'Fran', last_name: 'Fan' });
  await giveGift(t.db, {
    candidateId,
    amountCents: 25_000,
    first: 'Dora',
    last: 'Donor',
    email: 'dora@donors.test',
  });
  await giveGift(t.db, {
    candidateId,
    amountCents: 1_500,
    first: 'Sid',
    last: 'Small',
    email: 'sid@donors.test',
  });
  await t.db.insertInto('follows').values({ follower_id: fan.id, followee_id: candidateId }).execute();
});
afterAll(() => t.close());

const base = () => `/supporters/${candidateId}`;

describe('the supporter pages', () => {
  it('finds a donor by name and by amount, and refuses a bad filter with its field error', async () => {
    const byName = await (await candidate.request(`${base()}?q=dora`)).text();
    expect(byName).toContain('Dora Donor');
    expect(byName).not.toContain('Sid Small');
    const big = await (await candidate.request(`${base()}?minGave=100&sort=gave`)).text();
    expect(big).toContain('Dora Donor');
    expect(big).not.toContain('Sid Small');
    const bad = await candidate.request(`${base()}?state=Ohio&minGave=lots`);
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain('Enter a state as two letters, like OH.');
    expect(html).toContain('Enter the smallest total in dollars, like 25.');
    const csv = await candidate.request(`${base()}/supporters.csv?q=dora`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe(
      'name,email,state,zip,gave,gifts,monthly,first_gift,last_gift,events,follows,tags',
    );
    expect(text).toContain('Dora Donor,dora@donors.test,OH,43215,250.00,1');
  });

  it('tags and notes a person, with who and when, and a follower shows no contact details', async () => {
    const dora = (await supporterOf(t.db, candidateId, { email: 'dora@donors.test' }))!;
    const person = `${base()}/people/${dora.id}`;
    expect((await candidate.form(`${person}/tags`, { tag: '' })).status).toBe(400);
    expect((await candidate.form(`${person}/tags`, { tag: 'Major donor' })).status).toBe(303);
    expect((await candidate.form(`${person}/tags`, { tag: 'major DONOR' })).status).toBe(303);
    expect((await candidate.form(`${person}/notes`, { body: 'Met at the county fair.' })).status).toBe(303);
    const html = await (await candidate.request(person)).text();
    expect(html).toContain('Major donor');
    expect(html).toContain('by Test pages-candidate');
    expect(html).toContain('Met at the county fair.');
    expect(html).toContain('dora@donors.test');
    const tags = await t.db
      .selectFrom('supporter_tags')
      .select('name')
      .where('owner_id', '=', candidateId)
      .execute();
    expect(tags).toEqual([{ name: 'Major donor' }]);

    const follower = (await supporterOf(t.db, candidateId, { userId: fan.id }))!;
    const fanPage = await (await candidate.request(`${base()}/people/${follower.id}`)).text();
    expect(fanPage).toContain('Fran Fan');
    expect(fanPage).toContain('They have given the campaign no contact details.');
    expect(fanPage).not.toContain(fan.email);
  });

  it('saves the tag as a list and emails it: only the tagged donor receives it', async () => {
    const tag = await t.db
      .selectFrom('supporter_tags')
      .select('id')
      .where('owner_id', '=', candidateId)
      .executeTakeFirstOrThrow();
    const refused = await candidate.form(`${base()}/lists`, { name: '', tag: String(tag.id) });
    expect(refused.status).toBe(400);
    const saved = await candidate.form(`${base()}/lists`, { name: 'Major donors', tag: String(tag.id) });
    expect(saved.status).toBe(303);
    const listPath = saved.headers.get('location')!.split('?')[0]!;
    const again = await candidate.form(`${base()}/lists`, { name: 'major donors' });
    expect(await again.text()).toContain('You already have a list with this name.');
    expect(await (await candidate.request(listPath)).text()).toContain('1 supporter today.');

    const email = { subject: 'Thank you', body: 'Hello {{firstName}}, thank you.' };
    const preview = await candidate.form(`${listPath}/email`, { ...email, intent: 'preview' });
    expect(await preview.text()).toMatch(
      /Major donors \(saved list of Test pages-candidate\): 1 would receive it/,
    );
    const sent = await candidate.form(`${listPath}/email`, { ...email, intent: 'send' });
    expect(sent.status).toBe(303);
    const send = await t.db
      .selectFrom('mass_email_sends')
      .select(['id', 'created_by', 'audience_kind'])
      .where('created_by', '=', candidateId)
      .executeTakeFirstOrThrow();
    expect(send.audience_kind).toBe('supporter-list');
    const to = await t.db
      .selectFrom('mass_email_recipients')
      .select('email')
      .where('send_id', '=', send.id)
      .execute();
    expect(to).toEqual([{ email: 'dora@donors.test' }]);
  });

  it('a person sees what the campaign holds and disconnects: gone from its list, their gift kept', async () => {
    const fanBrowser = await signedIn(t, fan.email, DEMO_PASSWORD);
    await giveGift(t.db, { candidateId, amountCents: 2_000, first: 'Fran', last: 'Fan', email: fan.email });
    await t.db.updateTable('donations').set({ user_id: fan.id }).where('email', '=', fan.email).execute();
    const follower = (await supporterOf(t.db, candidateId, { userId: fan.id }))!;
    await candidate.form(`${base()}/people/${follower.id}/notes`, { body: 'Loyal follower.' });
    const page = await (await fanBrowser.request('/settings/campaigns')).text();
    expect(page).toContain('Test pages-candidate');
    expect(page).toMatch(/you follow them, 1 gift, the email you gave them, 1 note by their team/);

    const res = await fanBrowser.form(`/settings/campaigns/${candidateId}/disconnect`, {});
    expect(res.status).toBe(303);
    expect(
      await t.db.selectFrom('follows').select('follower_id').where('follower_id', '=', fan.id).execute(),
    ).toEqual([]);
    expect(
      await t.db.selectFrom('supporter_notes').select('id').where('supporter_id', '=', follower.id).execute(),
    ).toEqual([]);
    const gifts = await t.db.selectFrom('donations').select('status').where('user_id', '=', fan.id).execute();
    expect(gifts).toEqual([{ status: 'paid' }]);
    expect((await candidate.request(`${base()}/people/${follower.id}`)).status).toBe(404);
    expect(await (await candidate.request(base())).text()).not.toContain('Fran Fan');
    expect(await (await fanBrowser.request('/settings/campaigns')).text()).toContain(
      'No campaign holds anything about you.',
    );
    // Another campaign's id, or one that holds nothing, is the normal 404.
    expect((await fanBrowser.form(`/settings/campaigns/${candidateId}/disconnect`, {})).status).toBe(404);
  });
});
