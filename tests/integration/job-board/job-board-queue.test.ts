import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JOB_DIGEST_CRON,
  JOB_DIGEST_QUEUE,
  JOB_EXPIRY_CRON,
  JOB_EXPIRY_QUEUE,
  registerJobBoardJobs,
} from '../../../api/doors/queue-handlers/job-board-upkeep';
import { sendSavedSearchDigests } from '../../../api/modules/job-board/saved-searches';
import { outboxEmail } from '../../../api/ports/email/outbox';
import { aJobBoardMember, browserOf, dayFromToday, insertPosting } from '../../factories/job-board';
import { waitUntil } from '../../factories/queue';
import { createTestApp, type TestApp } from '../../factories/test-app';

/**
 * The job board's queue work (docs/decisions/0028-job-board.md), run through the real queue: postings close by
 * themselves after their closing date, and each saved search emails one digest a day of new
 * matching postings, never two, whatever reruns.
 */
let t: TestApp;
let employerId: number;
const email = outboxEmail();

beforeAll(async () => {
  t = await createTestApp();
  employerId = (await aJobBoardMember(t.db, 'organization')).id;
  await t.jobs.start();
  await registerJobBoardJobs(t.jobs, { db: t.db, email, appUrl: t.config.appUrl }, 0.5);
}, 120_000);
afterAll(() => t?.close());

const statusOf = async (id: number) =>
  (await t.db.selectFrom('job_postings').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;

describe('expiry', () => {
  it('is scheduled hourly, and the queued run closes postings past their closing date only', async () => {
    expect(await t.jobs.schedules()).toEqual(
      expect.arrayContaining([
        { queue: JOB_EXPIRY_QUEUE, cron: JOB_EXPIRY_CRON },
        { queue: JOB_DIGEST_QUEUE, cron: JOB_DIGEST_CRON },
      ]),
    );
    const yesterday = await insertPosting(t.db, employerId, { closes_on: dayFromToday(-1) });
    const today = await insertPosting(t.db, employerId, { closes_on: dayFromToday(0) });
    const later = await insertPosting(t.db, employerId, { closes_on: dayFromToday(10) });
    await t.jobs.send(JOB_EXPIRY_QUEUE, {});
    await waitUntil(
      () => statusOf(yesterday),
      (s) => s === 'closed',
    );
    // A posting stays open through its whole closing day.
    expect([await statusOf(today), await statusOf(later)]).toEqual(['open', 'open']);
    const closed = await t.db
      .selectFrom('job_postings')
      .select('closed_at')
      .where('id', '=', yesterday)
      .executeTakeFirstOrThrow();
    expect(closed.closed_at).not.toBeNull();
  });
});

describe('saved-search digest', () => {
  it('emails new matching postings once per saved search and day', async () => {
    const member = await aJobBoardMember(t.db, 'individual');
    const browser = await browserOf(t, member);
    const saved = await browser.form('/jobs/saved', { query: 'state=OH&jobtype=field_organizer' });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/jobs?state=OH&jobtype=field_organizer&saved=1');
    // Saving the same search again keeps one.
    await browser.form('/jobs/saved', { query: 'jobtype=field_organizer&state=OH' });
    const searches = await t.db
      .selectFrom('job_saved_searches')
      .select(['id', 'query'])
      .where('user_id', '=', member.id)
      .execute();
    expect(searches.map((s) => s.query)).toEqual(['state=OH&jobtype=field_organizer']);

    const match = await insertPosting(t.db, employerId, { state: 'OH', title: 'Ohio Field Organizer' });
    await insertPosting(t.db, employerId, { state: 'PA', title: 'Pennsylvania Field Organizer' });
    await insertPosting(t.db, employerId, { state: 'OH', title: 'Old Ohio job', createdDaysAgo: 3 });

    await t.jobs.send(JOB_DIGEST_QUEUE, {});
    const mails = await waitUntil(
      () => t.db.selectFrom('email_outbox').selectAll().where('to_address', '=', member.email).execute(),
      (rows) => rows.length > 0,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('New jobs for your saved search (1)');
    expect(mails[0]!.text_body).toContain(
      `Ohio Field Organizer, Citizens for Testing (OH): http://localhost:3000/jobs/${match}`,
    );
    expect(mails[0]!.text_body).not.toContain('Pennsylvania');
    expect(mails[0]!.text_body).not.toContain('Old Ohio job');
    expect(mails[0]!.idempotency_key).toBe(`job-board-digest:${searches[0]!.id}:${dayFromToday(0)}`);

    // A rerun the same day (a retry, a second instance) sends nothing more.
    expect(await sendSavedSearchDigests({ db: t.db, email, appUrl: t.config.appUrl })).toBe(0);
    await t.db.updateTable('job_saved_searches').set({ last_digest_on: null }).execute();
    expect(await sendSavedSearchDigests({ db: t.db, email, appUrl: t.config.appUrl })).toBe(0);
    const after = await t.db
      .selectFrom('email_outbox')
      .select('id')
      .where('to_address', '=', member.email)
      .execute();
    expect(after).toHaveLength(1);
  });

  it('sends nothing for a search with no new postings, and a member deletes only their own searches', async () => {
    const member = await aJobBoardMember(t.db, 'individual');
    const browser = await browserOf(t, member);
    await browser.form('/jobs/saved', { query: 'state=AK' });
    expect(await sendSavedSearchDigests({ db: t.db, email, appUrl: t.config.appUrl })).toBe(0);
    const mails = await t.db
      .selectFrom('email_outbox')
      .select('id')
      .where('to_address', '=', member.email)
      .execute();
    expect(mails).toHaveLength(0);

    const [search] = await t.db
      .selectFrom('job_saved_searches')
      .select('id')
      .where('user_id', '=', member.id)
      .execute();
    const stranger = await browserOf(t, await aJobBoardMember(t.db, 'individual'));
    expect((await stranger.form(`/jobs/saved/${search!.id}/delete`, {})).status).toBe(404);
    expect((await browser.form(`/jobs/saved/${search!.id}/delete`, {})).status).toBe(303);
    const left = await t.db
      .selectFrom('job_saved_searches')
      .select('id')
      .where('user_id', '=', member.id)
      .execute();
    expect(left).toHaveLength(0);
  });
});
