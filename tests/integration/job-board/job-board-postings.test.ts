import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJob } from '../../../api/modules/job-board/postings';
import { jobPostingInput } from '../../../api/modules/job-board/schema';
import { aJobBoardMember, aPosting, browserOf, dayFromToday } from '../../factories/job-board';
import { giveMembership } from '../../factories/membership';
import { createTestApp, type TestApp, type TestBrowser } from '../../factories/test-app';

/**
 * Posting, editing and closing jobs (docs/decisions/0028-job-board.md): who may post, the allowance of open
 * postings from membership_entitlements (Free: one at a time, even when two posts race), and
 * refused input that stores nothing.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t?.close());

type Body = {
  result?: { data: { json: { id: number } } };
  error?: { json: { message: string; data: { zodError?: { fieldErrors: Record<string, string[]> } } } };
};

async function call(browser: TestBrowser, path: string, input?: unknown) {
  const res = await browser.trpc(path, input);
  return { status: res.status, body: (await res.json()) as Body };
}

const openCount = async (employerId: number) =>
  (
    await t.db
      .selectFrom('job_postings')
      .select('id')
      .where('employer_id', '=', employerId)
      .where('status', '=', 'open')
      .execute()
  ).length;

describe('who may post', () => {
  it('organizations, candidates and vendors post; an individual member is refused', async () => {
    for (const kind of ['organization', 'candidate', 'vendor'] as const) {
      const member = await aJobBoardMember(t.db, kind);
      const posted = await call(await browserOf(t, member), 'jobBoard.post', aPosting());
      expect(posted.status, kind).toBe(200);
      expect(posted.body.result?.data.json.id).toBeGreaterThan(0);
    }
    const individual = await aJobBoardMember(t.db, 'individual');
    const refused = await call(await browserOf(t, individual), 'jobBoard.post', aPosting());
    expect(refused.status).toBe(403);
    expect(refused.body.error?.json.message).toBe(
      'Only organizations, candidates and vendors can post jobs.',
    );
    expect(await openCount(individual.id)).toBe(0);
  });

  it('visitors are asked to sign in, by the API and by the form page', async () => {
    const res = await t.trpc('jobBoard.post', aPosting());
    expect(res.status).toBe(401);
    const page = await t.app.request('/jobs/new');
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toContain('/api/auth/signin');
  });
});

describe('the allowance of open postings', () => {
  it('lets a Free employer keep one open posting, and another once the first is closed', async () => {
    const org = await aJobBoardMember(t.db, 'organization');
    const browser = await browserOf(t, org);
    const first = await call(browser, 'jobBoard.post', aPosting());
    expect(first.status).toBe(200);
    const second = await call(browser, 'jobBoard.post', aPosting({ title: 'Second job' }));
    expect(second.status).toBe(409);
    expect(second.body.error?.json.message).toBe(
      'Your membership allows 1 open job posting at a time. Close one or upgrade your membership to post another.',
    );
    expect(await openCount(org.id)).toBe(1);

    const closed = await call(browser, 'jobBoard.close', { jobId: first.body.result!.data.json.id });
    expect(closed.status).toBe(200);
    expect((await call(browser, 'jobBoard.post', aPosting({ title: 'Second job' }))).status).toBe(200);
    expect(await openCount(org.id)).toBe(1);
  });

  it('follows a paid tier: Organizer allows five', async () => {
    const org = await aJobBoardMember(t.db, 'organization');
    await giveMembership(t.db, org.id, 'organizer');
    const browser = await browserOf(t, org);
    for (let i = 0; i < 5; i++) expect((await call(browser, 'jobBoard.post', aPosting())).status).toBe(200);
    expect((await call(browser, 'jobBoard.post', aPosting())).status).toBe(409);
    expect(await openCount(org.id)).toBe(5);
  });

  it('holds when posts race: of eight sent at once by a Free vendor, exactly one is stored', async () => {
    const vendor = await aJobBoardMember(t.db, 'vendor');
    const input = jobPostingInput.parse(aPosting());
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => postJob(t.db, vendor.id, input)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason.message).toMatch(/allows 1 open job posting/);
    }
    expect(await openCount(vendor.id)).toBe(1);
  });
});

describe('bad input', () => {
  it('answers field errors and stores nothing', async () => {
    const org = await aJobBoardMember(t.db, 'organization');
    const browser = await browserOf(t, org);
    const bad = await call(browser, 'jobBoard.post', aPosting({ title: '', payMin: 50_000, payMax: 40_000 }));
    expect(bad.status).toBe(400);
    expect(bad.body.error?.json.data.zodError?.fieldErrors).toMatchObject({
      title: ['Give the job a title of at least 3 characters.'],
      payMax: ['The top of the range is below its bottom.'],
    });
    const unknown = await call(
      browser,
      'jobBoard.post',
      aPosting({ state: 'ZZ', jobtype: 'astronaut', skills: ['juggling'], closesOn: dayFromToday(-1) }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.json.data.zodError?.fieldErrors).toEqual({
      state: ['Choose a state from the list.'],
      jobtype: ['Choose a job type from the list.'],
      skills: ['Choose skills from the list.'],
      closesOn: ['Choose a closing date between today and a year from now.'],
    });
    expect(await openCount(org.id)).toBe(0);
  });

  it('the no-JavaScript form re-renders with the errors and a 400', async () => {
    const org = await aJobBoardMember(t.db, 'organization');
    const browser = await browserOf(t, org);
    const res = await browser.form('/jobs/new', {
      title: 'Organizer',
      payMin: 'lots',
      closesOn: dayFromToday(5),
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Enter an amount in whole dollars.');
    expect(html).toContain('Describe the job in at least 30 characters.');
    expect(await openCount(org.id)).toBe(0);
  });
});

describe('edit and close', () => {
  it('the employer edits and closes their own posting; another employer cannot', async () => {
    const org = await aJobBoardMember(t.db, 'organization');
    const other = await aJobBoardMember(t.db, 'candidate');
    const mine = await browserOf(t, org);
    const theirs = await browserOf(t, other);
    const jobId = (await call(mine, 'jobBoard.post', aPosting())).body.result!.data.json.id;

    const hijack = await call(theirs, 'jobBoard.edit', { jobId, posting: aPosting({ title: 'Hijacked' }) });
    expect(hijack.status).toBe(404);
    expect((await call(theirs, 'jobBoard.close', { jobId })).status).toBe(404);

    const edited = await call(mine, 'jobBoard.edit', {
      jobId,
      posting: aPosting({ title: 'Senior Field Organizer' }),
    });
    expect(edited.status).toBe(200);
    const form = await mine.form(`/jobs/${jobId}/close`, {});
    expect(form.status).toBe(303);
    const row = await t.db
      .selectFrom('job_postings')
      .select(['title', 'status'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ title: 'Senior Field Organizer', status: 'closed' });
    const late = await call(mine, 'jobBoard.edit', { jobId, posting: aPosting() });
    expect(late.status).toBe(409);
  });
});
