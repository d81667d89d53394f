import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../../api/modules/events/hosting';
import { signUp } from '../../../api/modules/events/signups';
import { outboxEmail } from '../../../api/ports/email/outbox';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { demoAccounts } from '../../factories/accounts';
import { makeCandidate } from '../../factories/donations';
import { aGuest, aMember, anEvent, browserOf, shiftIdsOf } from '../../factories/events';
import { giveMembership } from '../../factories/membership';
import { listPath, rest, STAFF_EMAIL, signedIn, userId } from '../../factories/staff';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * The console's events screen and the event audiences (issue 51, decision 0101): staff who review
 * reports (VIEW_RED_FLAGS) list events and unpublish one with a reason, audited; GOTV staff and a
 * candidate reach "signed up for event X" and "attended an event in the last 30 days".
 */
let t: TestApp;
let support: TestBrowser;
let marketing: TestBrowser;

beforeAll(async () => {
  t = await createTestApp();
  await demoAccounts(t.db, 'support', 'marketing', 'member');
  support = await signedIn(t, STAFF_EMAIL.SUPPORT);
  marketing = await signedIn(t, STAFF_EMAIL.MARKETING);
});
afterAll(() => t?.close());

async function hostedEvent(hostId: number, title: string) {
  const event = await createEvent(
    { db: t.db, email: outboxEmail(), appUrl: 'http://localhost' },
    hostId,
    hostId,
    anEvent({ title }),
  );
  const [shiftId = 0] = await shiftIdsOf(t.db, event.id);
  return { eventId: event.id, shiftId };
}

describe('the console’s events', () => {
  it('lists and unpublishes an event with a reason, audited; the host alone still sees it', async () => {
    const host = await aMember(t.db, 'organization');
    const { eventId } = await hostedEvent(host.id, 'Spam rally to moderate');
    expect((await rest(marketing, 'GET', listPath('events'))).status).toBe(403);
    const list = await rest(
      support,
      'GET',
      listPath('events', { filter: { q: 'Spam rally', status: 'published' } }),
    );
    expect(list.status).toBe(200);
    expect(list.json).toEqual([expect.objectContaining({ id: eventId, status: 'published', signups: 0 })]);

    const noReason = await rest(support, 'PUT', `/events/${eventId}`, {
      status: 'unpublished',
      unpublished_reason: '',
    });
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.json)).toContain('Say why the event is unpublished');
    const done = await rest(support, 'PUT', `/events/${eventId}`, {
      status: 'unpublished',
      unpublished_reason: 'Reported as spam; not a real event.',
    });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({
      status: 'unpublished',
      unpublished_reason: 'Reported as spam; not a real event.',
    });
    // Twice is refused, never a 5xx.
    expect(
      (
        await rest(support, 'PUT', `/events/${eventId}`, {
          status: 'unpublished',
          unpublished_reason: 'Again, again.',
        })
      ).status,
    ).toBe(409);
    const audit = await t.db
      .selectFrom('audit_logs')
      .select(['action', 'target_type'])
      .where('action', '=', 'event.unpublish')
      .where('target_id', '=', String(eventId))
      .execute();
    expect(audit).toHaveLength(1);
    expect((await new TestBrowser(t).request(`/events/${eventId}`)).status).toBe(404);
    const hostView = await (await browserOf(t, host)).request(`/events/${eventId}/organize`);
    expect(await hostView.text()).toContain('Reported as spam; not a real event.');
  });
});

describe('event audiences', () => {
  it('GOTV counts people signed up for an event and people who attended in the last 30 days', async () => {
    const host = await aMember(t.db, 'organization');
    const { eventId, shiftId } = await hostedEvent(host.id, 'GOTV audience canvass');
    for (const n of [1, 2]) await signUp(t.db, { userId: null }, aGuest(eventId, [shiftId], n, 'gotvev'));
    const signedUp = await rest(marketing, 'POST', '/gotv-segment-sizes', {
      audience: 'event-signups',
      eventId,
    });
    expect(signedUp.status).toBe(200);
    expect(signedUp.json).toMatchObject({ audience: 'Signed up for GOTV audience canvass', recipients: 2 });
    const missing = await rest(marketing, 'POST', '/gotv-segment-sizes', { audience: 'event-signups' });
    expect(missing.status).toBe(400);

    // One attended a shift 3 days ago, one 40 days ago (too long ago): only the first counts.
    const shifts = await t.db
      .selectFrom('event_shift_signups')
      .select('id')
      .where('shift_id', '=', shiftId)
      .orderBy('id')
      .execute();
    await t.db
      .updateTable('event_shift_signups')
      .set({ attendance: 'attended' })
      .where('shift_id', '=', shiftId)
      .execute();
    await t.db
      .updateTable('event_shifts')
      .set({
        starts_at: new Date(Date.now() - 3 * 86_400_000),
        ends_at: new Date(Date.now() - 3 * 86_400_000 + 3_600_000),
      })
      .where('id', '=', shiftId)
      .execute();
    const old = await hostedEvent(host.id, 'Old canvass');
    await signUp(t.db, { userId: null }, aGuest(old.eventId, [old.shiftId], 9, 'gotvold'));
    await t.db
      .updateTable('event_shift_signups')
      .set({ attendance: 'attended' })
      .where('shift_id', '=', old.shiftId)
      .execute();
    await t.db
      .updateTable('event_shifts')
      .set({
        starts_at: new Date(Date.now() - 40 * 86_400_000),
        ends_at: new Date(Date.now() - 40 * 86_400_000 + 3_600_000),
      })
      .where('id', '=', old.shiftId)
      .execute();
    expect(shifts).toHaveLength(2);
    const attended = await rest(marketing, 'POST', '/gotv-segment-sizes', { audience: 'event-attendees' });
    expect(attended.status).toBe(200);
    expect(attended.json).toMatchObject({ recipients: 2 });
    const events = await rest(marketing, 'GET', listPath('gotv-events', { filter: {} }));
    expect(events.status).toBe(200);
  });

  it('lets a candidate email the people of their own event only, within the plan', async () => {
    await t.db
      .updateTable('feature_toggles')
      .set({ enabled: true })
      .where('name', '=', 'campaign-donations')
      .execute();
    const jordanId = await userId(t, 'member@demo.campaignhq.test');
    await makeCandidate(t.db, jordanId, 'jordan-events');
    await giveMembership(t.db, jordanId, 'campaign');
    const jordan = await signedIn(t, 'member@demo.campaignhq.test', DEMO_PASSWORD);
    const mine = await hostedEvent(jordanId, 'Jordan’s phone bank');
    for (const n of [1, 2, 3])
      await signUp(t.db, { userId: null }, aGuest(mine.eventId, [mine.shiftId], n, 'jordanvol'));
    const other = await hostedEvent((await aMember(t.db, 'candidate')).id, 'Someone else’s canvass');
    await signUp(t.db, { userId: null }, aGuest(other.eventId, [other.shiftId], 1, 'othervol'));

    const page = await (await jordan.request('/campaign-dashboard/outreach')).text();
    expect(page).toContain('Email your event volunteers');
    const email = { subject: 'Thank you', body: 'See you Saturday, {{firstName}}.' };
    const preview = await jordan.form('/campaign-dashboard/outreach/event-emails', {
      ...email,
      audience: 'event-signups',
      eventId: String(mine.eventId),
      intent: 'preview',
    });
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain('3 would receive it');
    const theirs = await jordan.form('/campaign-dashboard/outreach/event-emails', {
      ...email,
      audience: 'event-signups',
      eventId: String(other.eventId),
      intent: 'send',
    });
    expect(theirs.status).toBe(400);
    const sent = await jordan.form('/campaign-dashboard/outreach/event-emails', {
      ...email,
      audience: 'event-signups',
      eventId: String(mine.eventId),
      intent: 'send',
    });
    expect(sent.status).toBe(303);
    const send = await t.db
      .selectFrom('mass_email_sends')
      .select(['total', 'audience_kind'])
      .where('created_by', '=', jordanId)
      .where('audience_kind', '=', 'event-signups')
      .executeTakeFirstOrThrow();
    expect(send.total).toBe(3);
  });
});
