import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPE } from '../../../api/contract/notification-types';
import { aJobBoardMember, aPosting, browserOf } from '../../factories/job-board';
import { createTestApp, type TestApp, type TestBrowser } from '../../factories/test-app';

/**
 * Rejecting from the application page takes a confirmation (issue 42, item 8): a Reject that has
 * not been through "Reject the application from …?" is sent there and changes nothing; only the
 * confirmation's form rejects. The page answers the posting's employer alone.
 */
let t: TestApp;
let employer: TestBrowser;
let jobId: number;

const COVER = 'I organized three county canvasses in 2024 and would love to help here.';

async function trpc<T>(browser: TestBrowser, path: string, input: unknown) {
  const res = await browser.trpc(path, input);
  return ((await res.json()) as { result: { data: { json: T } } }).result.data.json;
}

const statusOf = async (id: number) =>
  (await t.db.selectFrom('job_applications').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;

/** A new member's application to the posting: its id, the member's id and their browser. */
async function anApplication() {
  const member = await aJobBoardMember(t.db, 'individual');
  const browser = await browserOf(t, member);
  const { applicationId } = await trpc<{ applicationId: number }>(browser, 'jobBoard.applyTo', {
    jobId,
    coverNote: COVER,
  });
  return { id: applicationId, memberId: member.id, browser };
}

const statusPath = (id: number) => `/jobs/${jobId}/applicants/${id}/status`;
const confirmPath = (id: number) => `/jobs/${jobId}/applicants/${id}/reject`;

beforeAll(async () => {
  t = await createTestApp();
  employer = await browserOf(t, await aJobBoardMember(t.db, 'organization'));
  jobId = (await trpc<{ id: number }>(employer, 'jobBoard.post', aPosting())).id;
}, 120_000);
afterAll(() => t?.close());

describe('rejecting from the application page', () => {
  it('a Reject without the confirmation is sent to the confirmation page and changes nothing', async () => {
    const { id, memberId } = await anApplication();
    const res = await employer.form(statusPath(id), { status: 'rejected' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(confirmPath(id));
    expect(await statusOf(id)).toBe('submitted');
    // The applicant is told nothing.
    const told = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', memberId)
      .where('type', '=', NOTIFICATION_TYPE.jobApplicationStatusChanged)
      .execute();
    expect(told).toEqual([]);
  });

  it('the confirmation page asks, offers Cancel back to the application, and its form rejects', async () => {
    const { id } = await anApplication();
    const page = await employer.request(confirmPath(id));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Reject the application from Robin Tester');
    expect(html).toContain(`href="/jobs/${jobId}/applicants/${id}"`);
    expect(html).toContain('name="confirmed" value="yes"');
    // Showing the question is not an answer.
    expect(await statusOf(id)).toBe('submitted');

    const confirmed = await employer.form(statusPath(id), { status: 'rejected', confirmed: 'yes' });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`/jobs/${jobId}/applicants/${id}?done=moved`);
    expect(await statusOf(id)).toBe('rejected');
  });

  it('an application that can no longer be rejected sends the confirmation back to it', async () => {
    const { id } = await anApplication();
    await employer.form(statusPath(id), { status: 'shortlisted' });
    await employer.form(statusPath(id), { status: 'hired' });
    expect(await statusOf(id)).toBe('hired');
    const res = await employer.request(confirmPath(id));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/jobs/${jobId}/applicants/${id}`);
  });

  it('no one but the employer sees the confirmation page', async () => {
    const { id, browser: own } = await anApplication();
    const stranger = await browserOf(t, await aJobBoardMember(t.db, 'individual'));
    expect((await stranger.request(confirmPath(id))).status).toBe(404);
    // The applicant is sent to their own list, as from the application page itself.
    const applicant = await own.request(confirmPath(id));
    expect(applicant.status).toBe(303);
    expect(applicant.headers.get('location')).toBe('/jobs/applications');
    const rival = await browserOf(t, await aJobBoardMember(t.db, 'candidate'));
    expect((await rival.request(confirmPath(id))).status).toBe(404);
    expect(await statusOf(id)).toBe('submitted');
  });
});
