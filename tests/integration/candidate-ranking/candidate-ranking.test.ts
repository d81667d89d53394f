import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follow, makeCandidate, makeMember } from '../../factories/social';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * /candidate-ranking: the order by supporters, donations and endorsements, the office and state
 * filters, a page that works as a plain GET form, and the same HTML for every visitor.
 */
let t: TestApp;
let visitor: TestBrowser;
let names: { most: string; middle: string; least: string };

async function paidGift(candidateId: number, cents: number) {
  const donor = await t.db
    .insertInto('donors')
    .values({ email_key: `d${candidateId}-${cents}@x.test`, name_key: 'd', zip5: '43215' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('donations')
    .values({
      reference: `R-${candidateId}-${cents}`,
      candidate_id: candidateId,
      donor_id: donor.id,
      amount_cents: cents,
      election: 'primary',
      status: 'paid',
      first_name: 'D',
      last_name: 'D',
      email: 'd@x.test',
      street: '1 Main St',
      city: 'Columbus',
      state: 'OH',
      zip: '43215',
      attested_at: new Date(),
    })
    .execute();
}

function order(html: string, candidates: string[]) {
  return candidates
    .map((name) => ({ name, at: html.indexOf(`>${name}</a>`) }))
    .filter((x) => x.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((x) => x.name);
}

beforeAll(async () => {
  t = await createTestApp();
  visitor = new TestBrowser(t);
  const most = await makeCandidate(t.db, {
    first_name: 'Rank',
    last_name: 'Most',
    candidate_office: 'Governor',
    state: 'TX',
  });
  const middle = await makeCandidate(t.db, {
    first_name: 'Rank',
    last_name: 'Middle',
    candidate_office: 'Governor',
    state: 'OH',
  });
  const least = await makeCandidate(t.db, {
    first_name: 'Rank',
    last_name: 'Least',
    candidate_office: 'Mayor',
    state: 'TX',
  });
  names = { most: 'Rank Most', middle: 'Rank Middle', least: 'Rank Least' };
  const fans = await Promise.all([1, 2, 3].map(() => makeMember(t.db)));
  for (const fan of fans) await follow(t.db, fan.id, most.id);
  await follow(t.db, fans[0]!.id, middle.id);
  await follow(t.db, fans[1]!.id, middle.id);
  await paidGift(least.id, 50_000);
  await paidGift(middle.id, 10_000);
  await t.db
    .insertInto('endorsements')
    .values({ candidate_id: middle.id, endorser_id: fans[2]!.id })
    .execute();
});
afterAll(() => t.close());

const page = async (query: string) => {
  const res = await visitor.request(`/candidate-ranking${query}`);
  expect(res.status).toBe(200);
  return res.text();
};

describe('candidate ranking', () => {
  it('ranks by supporters by default, then by donations or endorsements when asked', async () => {
    const all = [names.most, names.middle, names.least];
    expect(order(await page(''), all)).toEqual([names.most, names.middle, names.least]);
    expect(order(await page('?sort=donations'), all)).toEqual([names.least, names.middle, names.most]);
    expect(order(await page('?sort=endorsements'), all)).toEqual([names.middle, names.most, names.least]);
    const html = await page('?sort=donations');
    expect(html).toContain('$500.00');
  });

  it('filters by office and by state with a GET form', async () => {
    const all = [names.most, names.middle, names.least];
    expect(order(await page('?office=Governor'), all)).toEqual([names.most, names.middle]);
    expect(order(await page('?state=TX'), all)).toEqual([names.most, names.least]);
    expect(order(await page('?office=Mayor&state=OH'), all)).toEqual([]);
    const html = await page('');
    expect(html).toContain('action="/candidate-ranking" method="get"');
  });

  it('answers a bad query with the full ranking, never an error', async () => {
    const html = await page('?sort=evil&page=-3&state=%27%3B--');
    expect(order(html, [names.most, names.least])).toEqual([names.most, names.least]);
  });

  it('renders the same HTML for every visitor of a URL', async () => {
    const strip = (html: string) => html.replace(/nonce="[^"]*"/g, '');
    const a = strip(await page('?office=Governor'));
    const b = strip(await (await new TestBrowser(t).request('/candidate-ranking?office=Governor')).text());
    expect(a).toBe(b);
  });
});
