import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPE } from '../../../api/contract/notification-types';
import type { RealtimeEvent } from '../../../api/ports/realtime';
import { aJobBoardMember, aPosting, browserOf } from '../../factories/job-board';
import { waitUntil } from '../../factories/queue';
import { createTestApp, type TestApp, type TestBrowser } from '../../factories/test-app';

/**
 * Applying and the application's life (docs/decisions/0028-job-board.md): once per posting, only the
 * posting's employer and the applicant ever see it, the status moves of api/contract/job-board.ts
 * (refused moves change nothing), and notifications 3 and 4 reach the other side live.
 */
let t: TestApp;
let employer: TestBrowser;
let employerId: number;
let applicant: TestBrowser;
let applicantId: number;
let stranger: TestBrowser;
let rivalEmployer: TestBrowser;
let jobId: number;
let applicationId: number;

type Body<T> = { result?: { data: { json: T } }; error?: { json: { message: string } } };
async function call<T = unknown>(browser: TestBrowser, path: string, input?: unknown) {
  const res = await browser.trpc(path, input);
  const body = (await res.json()) as Body<T>;
  return { status: res.status, data: body.result?.data.json as T, error: body.error?.json.message };
}

const COVER = 'I organized three county canvasses in 2024 and would love to help here.';
const statusOf = async (id: number) =>
  (await t.db.selectFrom('job_applications').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;

beforeAll(async () => {
  t = await createTestApp();
  const org = await aJobBoardMember(t.db, 'organization');
  const member = await aJobBoardMember(t.db, 'individual');
  employerId = org.id;
  applicantId = member.id;
  employer = await browserOf(t, org);
  applicant = await browserOf(t, member);
  stranger = await browserOf(t, await aJobBoardMember(t.db, 'individual'));
  rivalEmployer = await browserOf(t, await aJobBoardMember(t.db, 'candidate'));
  jobId = (await call<{ id: number }>(employer, 'jobBoard.post', aPosting())).data.id;
}, 120_000);
afterAll(() => t?.close());

describe('applying', () => {
  it('stores one application, tells the employer live (type 3), and refuses a second', async () => {
    const events: RealtimeEvent[] = [];
    const stop = t.realtime.subscribe(employerId, (e) => events.push(e));
    const applied = await call<{ applicationId: number }>(applicant, 'jobBoard.applyTo', {
      jobId,
      coverNote: COVER,
    });
    expect(applied.status).toBe(200);
    applicationId = applied.data.applicationId;
    await waitUntil(
      async () => events.length,
      (n) => n > 0,
    );
    stop();
    expect(events[0]?.event).toBe('notification');
    const note = await t.db
      .selectFrom('notifications')
      .select(['type', 'route', 'related_user_id'])
      .where('user_id', '=', employerId)
      .where('type', '=', NOTIFICATION_TYPE.jobApplicationReceived)
      .executeTakeFirstOrThrow();
    expect(note).toEqual({
      type: NOTIFICATION_TYPE.jobApplicationReceived,
      route: `/jobs/${jobId}/applicants/${applicationId}`,
      related_user_id: applicantId,
    });

    const again = await call(applicant, 'jobBoard.applyTo', { jobId, coverNote: COVER });
    expect(again.status).toBe(409);
    expect(again.error).toBe('You have already applied to this job.');
    const rows = await t.db.selectFrom('job_applications').select('id').where('job_id', '=', jobId).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses a short or too long cover note, the employer itself, and closed postings', async () => {
    const short = await call(stranger, 'jobBoard.applyTo', { jobId, coverNote: 'Hire me' });
    expect(short.status).toBe(400);
    const long = await call(stranger, 'jobBoard.applyTo', { jobId, coverNote: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    const own = await call(employer, 'jobBoard.applyTo', { jobId, coverNote: COVER });
    expect(own.status).toBe(403);

    const closedJob = (await call<{ id: number }>(rivalEmployer, 'jobBoard.post', aPosting())).data.id;
    await call(rivalEmployer, 'jobBoard.close', { jobId: closedJob });
    const late = await call(stranger, 'jobBoard.applyTo', { jobId: closedJob, coverNote: COVER });
    expect(late.status).toBe(409);
    expect(late.error).toBe('This posting is closed and takes no more applications.');
    const rows = await t.db
      .selectFrom('job_applications')
      .select('id')
      .where('job_id', 'in', [jobId, closedJob])
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('who may see an application', () => {
  it('the employer sees it among the applicants; the applicant in My applications', async () => {
    const applicants = await call<{ id: number; coverNote: string }[]>(employer, 'jobBoard.applicants', {
      jobId,
    });
    expect(applicants.data.map((a) => [a.id, a.coverNote])).toEqual([[applicationId, COVER]]);
    const mine = await call<{ id: number; jobId: number }[]>(applicant, 'jobBoard.myApplications');
    expect(mine.data.map((a) => [a.id, a.jobId])).toEqual([[applicationId, jobId]]);
  });

  it('no one else: another employer, another member, a visitor', async () => {
    for (const other of [stranger, rivalEmployer]) {
      const list = await call<unknown[]>(other, 'jobBoard.applicants', { jobId });
      expect(list.data).toEqual([]);
      expect((await call<unknown[]>(other, 'jobBoard.myApplications')).data).toEqual([]);
      const page = await other.request(`/jobs/${jobId}/applicants/${applicationId}`);
      expect(page.status).toBe(404);
      const applicantsPage = await other.request(`/jobs/${jobId}/applicants`);
      expect(applicantsPage.status).toBe(404);
      expect(await applicantsPage.text()).not.toContain(COVER);
      const move = await call(other, 'jobBoard.moveApplication', { applicationId, status: 'shortlisted' });
      expect(move.status).toBe(404);
    }
    const visitor = await t.app.request(`/jobs/${jobId}/applicants/${applicationId}`);
    expect(visitor.status).toBe(302);
    expect((await t.trpc('jobBoard.myApplications', {})).status).toBe(401);
    expect(await statusOf(applicationId)).toBe('submitted');
  });

  it('the applicant opening the employer page is sent to their own list, and nothing changes', async () => {
    const res = await applicant.request(`/jobs/${jobId}/applicants/${applicationId}`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/jobs/applications');
    expect(await statusOf(applicationId)).toBe('submitted');
  });
});

describe('status moves', () => {
  it('opening the application marks it viewed and tells the applicant live (type 4)', async () => {
    const events: RealtimeEvent[] = [];
    const stop = t.realtime.subscribe(applicantId, (e) => events.push(e));
    const page = await employer.request(`/jobs/${jobId}/applicants/${applicationId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(COVER);
    expect(await statusOf(applicationId)).toBe('viewed');
    await waitUntil(
      async () => events.length,
      (n) => n > 0,
    );
    stop();
    const notes = await t.db
      .selectFrom('notifications')
      .select(['type', 'message'])
      .where('user_id', '=', applicantId)
      .where('type', '=', NOTIFICATION_TYPE.jobApplicationStatusChanged)
      .execute();
    expect(notes).toEqual([
      {
        type: NOTIFICATION_TYPE.jobApplicationStatusChanged,
        message: 'Your application to Field Organizer, Western Pennsylvania: Viewed by the employer.',
      },
    ]);
    // Opening it again changes nothing and tells no one.
    await employer.request(`/jobs/${jobId}/applicants/${applicationId}`);
    const after = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', applicantId)
      .where('type', '=', NOTIFICATION_TYPE.jobApplicationStatusChanged)
      .execute();
    expect(after).toHaveLength(1);
  });

  it('moves viewed → shortlisted → hired, and refuses every move out of a final status', async () => {
    expect(
      (await call(employer, 'jobBoard.moveApplication', { applicationId, status: 'shortlisted' })).status,
    ).toBe(200);
    const form = await employer.form(`/jobs/${jobId}/applicants/${applicationId}/status`, {
      status: 'hired',
    });
    expect(form.status).toBe(303);
    expect(await statusOf(applicationId)).toBe('hired');
    for (const status of ['shortlisted', 'rejected', 'hired']) {
      const refused = await call(employer, 'jobBoard.moveApplication', { applicationId, status });
      expect(refused.status).toBe(409);
      expect(refused.error).toMatch(/^An application that is hired cannot be moved to /);
    }
    expect(await statusOf(applicationId)).toBe('hired');
    const mine = await call<{ status: string }[]>(applicant, 'jobBoard.myApplications');
    expect(mine.data[0]?.status).toBe('hired');
  });

  it('refuses a move to a status an employer cannot choose, and a rejected one stays rejected', async () => {
    const other = await aJobBoardMember(t.db, 'individual');
    const otherBrowser = await browserOf(t, other);
    const id = (
      await call<{ applicationId: number }>(otherBrowser, 'jobBoard.applyTo', { jobId, coverNote: COVER })
    ).data.applicationId;
    const toViewed = await call(employer, 'jobBoard.moveApplication', {
      applicationId: id,
      status: 'viewed',
    });
    expect(toViewed.status).toBe(400);
    const toSubmitted = await employer.form(`/jobs/${jobId}/applicants/${id}/status`, {
      status: 'submitted',
    });
    expect(toSubmitted.status).toBe(400);
    expect(await statusOf(id)).toBe('submitted');
    expect(
      (await call(employer, 'jobBoard.moveApplication', { applicationId: id, status: 'rejected' })).status,
    ).toBe(200);
    const back = await employer.form(`/jobs/${jobId}/applicants/${id}/status`, { status: 'shortlisted' });
    expect(back.status).toBe(409);
    expect(await back.text()).toContain(
      'An application that is not selected cannot be moved to shortlisted.',
    );
    expect(await statusOf(id)).toBe('rejected');
  });
});
