import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../factories/accounts';
import { makeCandidate } from '../../factories/social';
import { signedIn, userId } from '../../factories/staff';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * Issue stances (saved by a candidate from /versus/my-stances) and the contrast page: two
 * candidates side by side with party and office, bare for visitors and standard for members.
 */
let t: TestApp;
let marisol: number;
let rival: number;
let candidate: TestBrowser;

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

beforeAll(async () => {
  t = await createTestApp();
  marisol = (await demoAccounts(t.db, 'candidate', 'member')).candidate.id;
  rival = (
    await makeCandidate(t.db, {
      first_name: 'Dale',
      last_name: 'Rival',
      party: 'republican',
      candidate_office: 'U.S. House',
      state: 'OH',
    })
  ).id;
  await t.db
    .insertInto('issue_stances')
    .values({ candidate_id: rival, issue: 'minimum-wage', stance: 'oppose', statement: 'Let states decide.' })
    .execute();
  candidate = await signedIn(t, 'candidate@demo.campaignhq.test');
});
afterAll(() => t.close());

describe('stances', () => {
  it('a candidate saves a stance and one sentence; a blank issue stays without a stance', async () => {
    const res = await candidate.request('/versus/my-stances', {
      method: 'POST',
      headers: formHeaders,
      body: form({
        'stance.minimum-wage': 'support',
        'statement.minimum-wage': 'A full day of work should pay the rent.',
      }),
    });
    expect(res.status).toBe(303);
    const rows = await t.db
      .selectFrom('issue_stances')
      .select(['issue', 'stance', 'statement'])
      .where('candidate_id', '=', marisol)
      .execute();
    expect(rows).toEqual([
      { issue: 'minimum-wage', stance: 'support', statement: 'A full day of work should pay the rent.' },
    ]);
  });

  it('refuses a sentence without a stance and a stance that is not on the list, changing nothing', async () => {
    for (const fields of [
      { 'stance.climate': '', 'statement.climate': 'Maybe.' },
      { 'stance.climate': 'strongly-support', 'statement.climate': '' },
    ]) {
      const res = await candidate.request('/versus/my-stances', {
        method: 'POST',
        headers: formHeaders,
        body: form(fields),
      });
      expect(res.status).toBe(400);
    }
    const rows = await t.db
      .selectFrom('issue_stances')
      .select('issue')
      .where('candidate_id', '=', marisol)
      .execute();
    expect(rows.map((r) => r.issue)).toEqual(['minimum-wage']);
  });

  it('is for candidates only', async () => {
    const member = await signedIn(t, 'member@demo.campaignhq.test');
    expect((await member.request('/versus/my-stances')).status).toBe(403);
  });
});

describe('contrast page', () => {
  it('shows both candidates with party and office, issue by issue, bare for a visitor', async () => {
    const res = await new TestBrowser(t).request(`/versus/contrast-page?a=${marisol}&b=${rival}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-layout="bare"');
    expect(html).toContain('<h1>Marisol Grant vs. Dale Rival</h1>');
    expect(html).toContain('Party: <!-- -->Democratic');
    expect(html).toContain('Party: <!-- -->Republican');
    expect(html).toContain('Raise the federal minimum wage');
    expect(html).toContain('A full day of work should pay the rent.');
    expect(html).toContain('Let states decide.');
    expect(html).toContain('No stance stated');
    // The picker is a GET form with both sides chosen, so the URL is the shareable state.
    expect(html).toMatch(new RegExp(`<option value="${rival}" selected=""`));
  });

  it('uses the standard layout for a signed-in member', async () => {
    const html = await (await candidate.request(`/versus/contrast-page?a=${marisol}&b=${rival}`)).text();
    expect(html).toContain('data-layout="standard"');
  });

  it('says so when a side is not a candidate, and answers junk with the picker', async () => {
    const member = await userId(t, 'member@demo.campaignhq.test');
    const html = await (
      await new TestBrowser(t).request(`/versus/contrast-page?a=${marisol}&b=${member}`)
    ).text();
    expect(html).toContain('One of these candidates is not on Campaign HQ.');
    const junk = await new TestBrowser(t).request('/versus/contrast-page?a=%27&b=99999999999');
    expect(junk.status).toBe(200);
  });
});
