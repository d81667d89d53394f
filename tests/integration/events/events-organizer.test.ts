import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markAttendance } from '../../../api/modules/events/check-in';
import { createEvent } from '../../../api/modules/events/hosting';
import { signUp } from '../../../api/modules/events/signups';
import { deliverSend } from '../../../api/modules/mass-email/delivery';
import { suppress } from '../../../api/modules/mass-email/suppressions';
import { outboxEmail } from '../../../api/ports/email/outbox';
import { aGuest, aMember, anEvent, browserOf, postForm, shiftIdsOf } from '../../factories/events';
import { giveMembership } from '../../factories/membership';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * The organizer's tools (issue 51, decision 0101) as a browser without JavaScript uses them: the
 * roster and CSV for the host only, check-in that two racing devices cannot record twice, invite
 * links counted once per person with the sources, and an email to a shift through mass email.
 */
let t: TestApp;
let host: { id: number; email: string };
let hostBrowser: TestBrowser;

beforeAll(async () => {
  t = await createTestApp();
  host = await aMember(t.db, 'candidate');
  hostBrowser = await browserOf(t, host);
}, 120_000);
afterAll(() => t?.close());

async function anEventOfHost(capacity = 20) {
  const event = await createEvent(
    { db: t.db, email: outboxEmail(), appUrl: 'http://localhost' },
    host.id,
    host.id,
    anEvent({}, capacity),
  );
  const [shiftId = 0] = await shiftIdsOf(t.db, event.id);
  return { eventId: event.id, shiftId };
}

function signupForm(shiftId: number, name: string, email: string, extra: Record<string, string> = {}) {
  const body = new URLSearchParams({ name, email, zip: '15213', phone: '', ...extra });
  body.append('shiftIds', String(shiftId));
  return body;
}

const post = postForm;

describe('roster and check-in', () => {
  it('shows the host the sign-ups and the waitlist with contact details; anyone else gets 404', async () => {
    const { eventId, shiftId } = await anEventOfHost(1);
    await signUp(
      t.db,
      { userId: null },
      { ...aGuest(eventId, [shiftId], 1, 'roster'), phone: '412-555-0101' },
    );
    await signUp(t.db, { userId: null }, aGuest(eventId, [shiftId], 2, 'roster'));
    const html = await (await hostBrowser.request(`/events/${eventId}/shifts/${shiftId}`)).text();
    expect(html).toContain('roster1@volunteers.test');
    expect(html).toContain('412-555-0101');
    expect(html).toMatch(/Waitlist \(<!-- -->1<!-- -->\)|Waitlist \(1\)/);
    expect(html).toContain('waitlist #1');
    const other = await browserOf(t, await aMember(t.db, 'individual'));
    expect((await other.request(`/events/${eventId}/shifts/${shiftId}`)).status).toBe(404);
    expect((await other.request(`/events/${eventId}/shifts/${shiftId}/roster.csv`)).status).toBe(404);
    expect((await other.request(`/events/${eventId}/organize`)).status).toBe(404);
    expect((await new TestBrowser(t).request(`/events/${eventId}/organize`)).status).not.toBe(200);
  });

  it('downloads the roster as CSV with formulas defused', async () => {
    const { eventId, shiftId } = await anEventOfHost();
    await signUp(
      t.db,
      { userId: null },
      { ...aGuest(eventId, [shiftId], 1, 'csv'), name: '=HYPERLINK("x")' },
    );
    const res = await hostBrowser.request(`/events/${eventId}/shifts/${shiftId}/roster.csv`);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const [header, row] = (await res.text()).trim().split(/\r?\n/);
    expect(header).toBe('name,email,phone,status,attendance,signed_up_at');
    expect(row).toContain('csv1@volunteers.test');
    expect(row).not.toMatch(/^=/);
  });

  it('records one mark when two devices check the same person in at once, and says so to the slower', async () => {
    const { eventId, shiftId } = await anEventOfHost();
    await signUp(t.db, { userId: null }, aGuest(eventId, [shiftId], 1, 'race'));
    const person = await t.db
      .selectFrom('event_shift_signups')
      .select('id')
      .where('shift_id', '=', shiftId)
      .executeTakeFirstOrThrow();
    const phone = await browserOf(t, host);
    const body = new URLSearchParams({ shiftSignupId: String(person.id), attendance: 'attended', was: '' });
    const results = await Promise.all(
      [hostBrowser, phone, hostBrowser, phone].map((b) =>
        post(b, `/events/${eventId}/shifts/${shiftId}/check-in`, body),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([303, 409, 409, 409]);
    const refused = await results.find((r) => r.status === 409)!.text();
    expect(refused).toContain('was already marked on another device: Attended');
    const row = await t.db
      .selectFrom('event_shift_signups')
      .select(['attendance', 'attendance_marked_by'])
      .where('id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ attendance: 'attended', attendance_marked_by: host.id });

    // Many racers straight at the module: still exactly one.
    const racers = await Promise.allSettled(
      Array.from({ length: 12 }, () =>
        markAttendance(t.db, host.id, eventId, shiftId, {
          shiftSignupId: person.id,
          attendance: 'no_show',
          was: 'attended',
        }),
      ),
    );
    expect(racers.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    // A correction from the page as it now is works; a bad mark is refused, never a 5xx.
    const fix = await post(
      hostBrowser,
      `/events/${eventId}/shifts/${shiftId}/check-in`,
      new URLSearchParams({ shiftSignupId: String(person.id), attendance: 'attended', was: 'no_show' }),
    );
    expect(fix.status).toBe(303);
    const bad = await post(
      hostBrowser,
      `/events/${eventId}/shifts/${shiftId}/check-in`,
      new URLSearchParams({ shiftSignupId: 'x', attendance: 'maybe' }),
    );
    expect(bad.status).toBe(400);
  });

  it('shows a member their attendance on their own profile only', async () => {
    const { eventId, shiftId } = await anEventOfHost();
    const member = await aMember(t.db, 'individual');
    const signup = await signUp(
      t.db,
      { userId: member.id },
      { ...aGuest(eventId, [shiftId], 1), email: member.email },
    );
    await t.db
      .updateTable('event_shift_signups')
      .set({ attendance: 'attended' })
      .where('signup_id', '=', signup.signupId)
      .execute();
    // The shift has happened.
    await t.db
      .updateTable('event_shifts')
      .set({ starts_at: new Date(Date.now() - 3 * 3600_000), ends_at: new Date(Date.now() - 3600_000) })
      .where('id', '=', shiftId)
      .execute();
    const own = await browserOf(t, member);
    // A wrong name answers 301 to the canonical path.
    const profilePath = (await own.request(`/profile/x/${member.id}`)).headers.get('location') ?? '';
    expect(profilePath).toMatch(new RegExp(`^/profile/.+/${member.id}$`));
    const mineHtml = await (await own.request(profilePath)).text();
    expect(mineHtml).toContain('Your event attendance');
    expect(mineHtml).toContain('Attended');
    const other = await browserOf(t, await aMember(t.db, 'individual'));
    const theirs = await (await other.request(profilePath)).text();
    expect(theirs).toContain('<h2>About ');
    expect(theirs).not.toContain('Your event attendance');
  });
});

describe('invite links and sources', () => {
  it('records the referrer and counts each friend once, never the referrer themself', async () => {
    const { eventId, shiftId } = await anEventOfHost();
    const pat = new TestBrowser(t);
    const res = await post(
      pat,
      `/events/${eventId}/signup`,
      signupForm(shiftId, 'Pat Referrer', 'pat@invite.test'),
    );
    const signedPage = await (await pat.request(res.headers.get('location') ?? '')).text();
    const code = /\?invite=([A-Za-z0-9_-]{16})/.exec(signedPage)?.[1];
    expect(code).toBeDefined();
    expect(signedPage).toContain('Invite a friend');

    // The invite link's page carries the code into the form.
    const invited = await (await new TestBrowser(t).request(`/events/${eventId}?invite=${code}`)).text();
    expect(invited).toContain(`name="invite" value="${code}"`);
    const friend = new TestBrowser(t);
    const viaInvite = (email: string) =>
      post(friend, `/events/${eventId}/signup`, signupForm(shiftId, 'Sam Friend', email, { invite: code! }));
    expect((await viaInvite('sam@invite.test')).status).toBe(303);
    // The same person again (another case of the address): refused, still one.
    expect((await viaInvite('SAM@invite.test')).status).toBe(409);
    // Pat through their own link is no referral.
    expect(
      (
        await post(
          pat,
          `/events/${eventId}/signup`,
          signupForm(shiftId, 'Pat Referrer', 'pat@invite.test', { invite: code! }),
        )
      ).status,
    ).toBe(409);
    // A suggested sign-up, and a forged code (recorded as direct).
    await post(
      new TestBrowser(t),
      `/events/${eventId}/signup`,
      signupForm(shiftId, 'Lee Suggested', 'lee@invite.test', { source: 'suggested' }),
    );
    await post(
      new TestBrowser(t),
      `/events/${eventId}/signup`,
      signupForm(shiftId, 'Ada Direct', 'ada@invite.test', { invite: 'A'.repeat(16) }),
    );

    const rows = await t.db
      .selectFrom('event_signups')
      .select(['email', 'source', 'referred_by'])
      .where('event_id', '=', eventId)
      .orderBy('email')
      .execute();
    expect(rows.map((r) => [r.email, r.source, r.referred_by !== null])).toEqual([
      ['ada@invite.test', 'direct', false],
      ['lee@invite.test', 'suggested', false],
      ['pat@invite.test', 'direct', false],
      ['sam@invite.test', 'invite', true],
    ]);
    const page = await (await hostBrowser.request(`/events/${eventId}/organize`)).text();
    expect(page).toMatch(/<td>Pat Referrer<\/td><td>1<\/td>/);
    expect(page).toMatch(/A friend’s invite link<\/td><td>1<\/td>/);
    expect(page).toMatch(/The event’s page<\/td><td>2<\/td>/);
    expect(page).toMatch(/Suggested after another sign-up<\/td><td>1<\/td>/);
  });
});

describe('emailing a shift', () => {
  it('reaches each person signed up once, a suppressed address never, within the plan', async () => {
    const { eventId, shiftId } = await anEventOfHost(2);
    for (const n of [1, 2, 3])
      await signUp(t.db, { userId: null }, aGuest(eventId, [shiftId], n, 'shiftmail'));
    const cancelled = await signUp(t.db, { userId: null }, aGuest(eventId, [shiftId], 4, 'shiftmail'));
    await t.db
      .updateTable('event_shift_signups')
      .set({ status: 'cancelled' })
      .where('signup_id', '=', cancelled.signupId)
      .execute();
    await suppress(t.db, 'shiftmail2@volunteers.test', 'unsubscribed', 'test');
    const path = `/events/${eventId}/shifts/${shiftId}/email`;
    const email = { subject: 'Parking for Saturday', body: 'Hi {{firstName}}, park behind the library.' };

    // Free: no emails a month, nothing stored.
    const free = await hostBrowser.form(path, { ...email, intent: 'send' });
    expect(free.status).toBe(400);
    expect(await free.text()).toContain('your plan has 0 emails left this month');

    await giveMembership(t.db, host.id, 'campaign');
    const preview = await (await hostBrowser.form(path, { ...email, intent: 'preview' })).text();
    expect(preview).toContain('2 would receive it; 1 unsubscribed.');
    const sent = await hostBrowser.form(path, { ...email, intent: 'send' });
    expect(sent.status).toBe(303);
    const send = await t.db
      .selectFrom('mass_email_sends')
      .select('id')
      .where('audience_kind', '=', 'event-shift-volunteers')
      .where('created_by', '=', host.id)
      .executeTakeFirstOrThrow();
    const links = { appUrl: t.config.appUrl, appSecret: t.config.appSecret };
    expect(await deliverSend({ db: t.db, email: outboxEmail(), links }, send.id)).toEqual({
      state: 'finished',
    });
    const outbox = await t.db
      .selectFrom('email_outbox')
      .select('to_address')
      .where('subject', '=', 'Parking for Saturday')
      .orderBy('to_address')
      .execute();
    expect(outbox.map((r) => r.to_address)).toEqual([
      'shiftmail1@volunteers.test',
      'shiftmail3@volunteers.test',
    ]);

    // Another host's shift names nobody.
    const stranger = await browserOf(t, await aMember(t.db, 'candidate'));
    expect((await stranger.form(path, { ...email, intent: 'send' })).status).toBe(404);
  });
});
