import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS_PAGE_SIZE } from '../../../api/contract/job-board';
import { jobSearchParams } from '../../../api/modules/job-board/schema';
import { searchJobs } from '../../../api/modules/job-board/search';
import { aJobBoardMember, dayFromToday, insertPosting } from '../../factories/job-board';
import { createTestApp, type TestApp } from '../../factories/test-app';

/**
 * /jobs search (docs/decisions/0028-job-board.md): every filter narrows to exactly the postings that match,
 * keywords rank title matches first when "most relevant" is chosen, closed postings never show,
 * and the page is a plain GET form whose URL carries the whole search.
 */
let t: TestApp;
const ids: Record<string, number> = {};

const search = async (query: Record<string, unknown>) => {
  const { jobs } = await searchJobs(t.db, jobSearchParams.parse(query));
  return jobs.map((j) => j.id);
};

beforeAll(async () => {
  t = await createTestApp();
  const org = await aJobBoardMember(t.db, 'organization');
  const e = org.id;
  ids.fieldPa = await insertPosting(t.db, e, { createdDaysAgo: 5 });
  ids.remoteData = await insertPosting(t.db, e, {
    title: 'Data Analyst',
    description: 'Model turnout with the voter file and build dashboards for the field team.',
    state: 'NY',
    remote: true,
    jobtype: 'data_analyst',
    employment: 'part_time',
    skills: ['data_analysis', 'voter_file_management_van'],
    pay_min_cents: 3000,
    pay_max_cents: 4500,
    pay_unit: 'HOUR',
    createdDaysAgo: 4,
  });
  ids.volunteer = await insertPosting(t.db, e, {
    title: 'Weekend Canvass Volunteer',
    description: 'Knock doors with us on Saturdays; training and snacks provided.',
    state: 'OH',
    jobtype: 'volunteer_coordinator',
    employment: 'volunteer',
    position: 'voting_rights',
    skills: ['canvassing', 'public_speaking'],
    pay_min_cents: null,
    pay_max_cents: null,
    createdDaysAgo: 3,
  });
  ids.director = await insertPosting(t.db, e, {
    title: 'Communications Director',
    description: 'Lead press strategy; experience with data analyst teams is a plus.',
    state: 'PA',
    jobtype: 'communications_director',
    skills: [],
    pay_min_cents: 9_000_000,
    pay_max_cents: 12_000_000,
    createdDaysAgo: 2,
  });
  ids.closed = await insertPosting(t.db, e, {
    title: 'Closed Data Analyst',
    status: 'closed',
    createdDaysAgo: 1,
  });
  ids.pastClosingDay = await insertPosting(t.db, e, {
    title: 'Expired Data Analyst',
    closes_on: dayFromToday(-1),
  });
}, 120_000);
afterAll(() => t?.close());

describe('filters', () => {
  it('no filter lists every open posting, newest first; closed and expired ones never', async () => {
    expect(await search({})).toEqual([ids.director, ids.volunteer, ids.remoteData, ids.fieldPa]);
  });

  it.each([
    ['state', { state: 'PA' }, ['director', 'fieldPa']],
    ['remote', { remote: '1' }, ['remoteData']],
    ['job type', { jobtype: 'data_analyst' }, ['remoteData']],
    ['employment', { employment: 'volunteer' }, ['volunteer']],
    ['issue', { position: 'voting_rights' }, ['volunteer']],
    ['one skill', { skill: ['canvassing'] }, ['volunteer', 'fieldPa']],
    ['every skill asked', { skill: ['canvassing', 'public_speaking'] }, ['volunteer']],
    ['paid', { pay: 'paid' }, ['director', 'remoteData', 'fieldPa']],
    ['volunteer', { pay: 'volunteer' }, ['volunteer']],
    // $45/hour × 2,080 hours = $93,600 a year: hourly and yearly pay compare on one scale.
    ['pay at least $90,000 a year', { payMin: '90000' }, ['director', 'remoteData']],
    ['pay at least $100,000 a year', { payMin: '100000' }, ['director']],
    ['state and pay together', { state: 'PA', payMin: '60000' }, ['director']],
  ])('%s', async (_name, query, expected) => {
    expect(await search(query)).toEqual(expected.map((k) => ids[k]));
  });

  it('keywords match words in any field, with stemming; "most relevant" puts title matches first', async () => {
    expect(await search({ q: 'analyst' })).toEqual([ids.director, ids.remoteData]);
    expect(await search({ q: 'analyst', sort: 'relevant' })).toEqual([ids.remoteData, ids.director]);
    // "canvassing" finds "canvass" in the field job's description too.
    expect(await search({ q: 'canvassing' })).toEqual([ids.volunteer, ids.fieldPa]);
    expect(await search({ q: 'astronaut' })).toEqual([]);
  });

  it("hides a deleted account's postings from search and their page", async () => {
    const gone = await aJobBoardMember(t.db, 'organization');
    const jobId = await insertPosting(t.db, gone.id, { state: 'VT' });
    expect(await search({ state: 'VT' })).toEqual([jobId]);
    await t.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', gone.id).execute();
    expect(await search({ state: 'VT' })).toEqual([]);
    expect((await t.app.request(`/jobs/${jobId}`)).status).toBe(404);
  });

  it('ignores unreadable values instead of failing (a shared URL always opens)', async () => {
    expect(await search({ payMin: 'lots', page: '-3', sort: 'sideways', remote: 'yes' })).toHaveLength(4);
  });
});

describe('pages', () => {
  it('pages through results, 20 at a time, knowing whether there is more', async () => {
    const vendor = await aJobBoardMember(t.db, 'vendor');
    for (let i = 0; i < JOBS_PAGE_SIZE + 1; i++) {
      await insertPosting(t.db, vendor.id, { state: 'WY', title: `Wyoming job ${i}` });
    }
    const first = await searchJobs(t.db, jobSearchParams.parse({ state: 'WY' }));
    expect([first.jobs.length, first.hasMore]).toEqual([JOBS_PAGE_SIZE, true]);
    const second = await searchJobs(t.db, jobSearchParams.parse({ state: 'WY', page: '2' }));
    expect([second.jobs.length, second.hasMore]).toEqual([1, false]);
    const all = new Set([...first.jobs, ...second.jobs].map((j) => j.id));
    expect(all.size).toBe(JOBS_PAGE_SIZE + 1);

    const res = await t.app.request('/jobs?state=WY');
    const html = await res.text();
    expect(html).toContain('href="/jobs?state=WY&amp;page=2"');
  });

  it('the /jobs page is a GET form whose URL holds the search, and shows only matches', async () => {
    const res = await t.app.request('/jobs?remote=1&jobtype=data_analyst');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<form class="[^"]*job-search__form"[^>]* action="\/jobs" method="get">/);
    expect(html).toContain(`href="/jobs/${ids.remoteData}"`);
    expect(html).not.toContain(`href="/jobs/${ids.fieldPa}"`);
    expect(html).toMatch(/<input id="jobs-remote" type="checkbox" name="remote" checked="" value="1"\/>/);
    // Filtered result pages are not for search engines; the board itself is.
    expect(html).toContain('noindex');
    expect(await (await t.app.request('/jobs')).text()).not.toContain('noindex');
  });
});
