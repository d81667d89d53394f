import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../../api/modules/events/hosting';
import { outboxEmail } from '../../../api/ports/email/outbox';
import { aMember, anEvent, browserOf, postForm, shiftIdsOf } from '../../factories/events';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * The event pages as a browser without JavaScript uses them (decision 0092): plain form posts, a
 * guest's sign-up and cancel by signed link, a member's by "My events", the .ics, the Event JSON-LD,
 * who sees the virtual link, private links and a member's proposal approved by the host.
 */
let t: TestApp;
let host: { id: number; email: string };
let hostBrowser: TestBrowser;
const VIRTUAL = 'https://meet.example.test/canvass-briefing';

beforeAll(async () => {
  t = await createTestApp();
  host = await aMember(t.db, 'candidate');
  hostBrowser = await browserOf(t, host);
}, 120_000);
afterAll(() => t?.close());

async function publish(overrides = {}, capacity = 20) {
  const res = await hostBrowser.form('/events/new', formOf(anEvent(overrides, capacity)));
  expect(res.status).toBe(303);
  const id = Number(/\/events\/(\d+)/.exec(res.headers.get('location') ?? '')?.[1]);
  expect(id).toBeGreaterThan(0);
  return id;
}

function formOf(input: ReturnType<typeof anEvent>): Record<string, string> {
  const fields: Record<string, string> = {
    type: input.type,
    title: input.title,
    description: input.description,
    timeZone: input.timeZone,
    address: input.address,
    zip: input.zip,
    virtualUrl: input.virtualUrl ?? '',
    visibility: input.visibility,
    accessibilityNotes: input.accessibilityNotes ?? '',
  };
  input.shifts.forEach((s, i) => {
    fields[`shift${i}Day`] = s.day;
    fields[`shift${i}Start`] = s.start;
    fields[`shift${i}End`] = s.end;
    fields[`shift${i}Capacity`] = String(s.capacity);
  });
  return fields;
}

function guestFields(shiftIds: number[], n: number): URLSearchParams {
  const body = new URLSearchParams({
    name: `Pat Guest${n}`,
    email: `pat${n}@guests.test`,
    zip: '15213',
    phone: '',
  });
  for (const id of shiftIds) body.append('shiftIds', String(id));
  return body;
}

const post = postForm;

describe('creating an event', () => {
  it('publishes the host’s event at once, with its JSON-LD and a calendar file', async () => {
    const id = await publish({ virtualUrl: VIRTUAL });
    const html = await (await new TestBrowser(t).request(`/events/${id}`)).text();
    expect(html).toContain('Saturday canvass in Squirrel Hill');
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    const data = JSON.parse(ld) as Record<string, unknown>;
    expect(data['@type']).toBe('Event');
    expect(data.location).toEqual(expect.arrayContaining([expect.objectContaining({ '@type': 'Place' })]));
    // The virtual link is for people signed up: not in the page, nor in the JSON-LD.
    expect(html).not.toContain(VIRTUAL);
    expect(html).toContain('The link to join online is sent to people who sign up.');

    const ics = await new TestBrowser(t).request(`/events/${id}/calendar.ics`);
    expect(ics.headers.get('content-type')).toContain('text/calendar');
    const text = await ics.text();
    expect(text).toContain('BEGIN:VEVENT');
    expect(text).toContain('SUMMARY:Saturday canvass in Squirrel Hill');
    expect(text).not.toContain('meet.example.test');
    // The host sees the link.
    expect(await (await hostBrowser.request(`/events/${id}`)).text()).toContain(VIRTUAL);
  });

  it('refuses a bad event with field errors, never a 5xx', async () => {
    const res = await hostBrowser.form('/events/new', {
      ...formOf(anEvent()),
      zip: '00000',
      shift0End: '09:00',
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('A shift ends after it starts.');
    const unknownZip = await hostBrowser.form('/events/new', { ...formOf(anEvent()), zip: '00000' });
    expect(unknownZip.status).toBe(400);
    expect(await unknownZip.text()).toContain('We do not know this ZIP code');
  });

  it('keeps a member’s proposal unpublished until the host approves it', async () => {
    const member = await aMember(t.db, 'individual');
    const proposer = await browserOf(t, member);
    const res = await proposer.form(
      `/events/new?host=${host.id}`,
      formOf(anEvent({ title: 'Proposed phone bank' })),
    );
    expect(res.status).toBe(303);
    const id = Number(/\/events\/(\d+)/.exec(res.headers.get('location') ?? '')?.[1]);
    expect((await new TestBrowser(t).request(`/events/${id}`)).status).toBe(404);
    expect((await proposer.request(`/events/${id}`)).status).toBe(200);
    const mail = await t.db
      .selectFrom('email_outbox')
      .select('subject')
      .where('to_address', '=', host.email)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toContain('Proposed phone bank');
    // Another member cannot decide it; the host can.
    expect((await proposer.form(`/events/${id}/decide`, { decision: 'approve' })).status).toBe(404);
    expect((await hostBrowser.form(`/events/${id}/decide`, { decision: 'approve' })).status).toBe(303);
    expect((await new TestBrowser(t).request(`/events/${id}`)).status).toBe(200);
  });

  it('refuses hosting to a member who is neither a candidate nor an organization', async () => {
    const member = await browserOf(t, await aMember(t.db, 'individual'));
    const res = await member.form(
      `/events/new?host=${(await aMember(t.db, 'individual')).id}`,
      formOf(anEvent()),
    );
    expect(res.status).toBe(404);
    expect(await t.db.selectFrom('events').select('id').where('title', '=', 'nobody').execute()).toEqual([]);
  });
});

describe('signing up without JavaScript', () => {
  it('signs a guest up by a plain form post, shows their signed page with the link, and cancels by it', async () => {
    const id = await publish({ virtualUrl: VIRTUAL }, 1);
    const [shiftId = 0] = await shiftIdsOf(t.db, id);
    const guest = new TestBrowser(t);
    const res = await post(guest, `/events/${id}/signup`, guestFields([shiftId], 1));
    expect(res.status).toBe(303);
    const location = res.headers.get('location') ?? '';
    expect(location).toMatch(/^\/events\/signups\/\d+\.[A-Za-z0-9_-]{43}\?done=signed-up$/);
    // No personal data in the URL.
    expect(location).not.toMatch(/pat|guests|15213/i);
    const page = await guest.request(location);
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    const html = await page.text();
    expect(html).toContain(VIRTUAL);
    expect(html).toContain('Confirmed');

    // The shift is full: the next guest is waitlisted, then moves up when the first cancels.
    const second = new TestBrowser(t);
    const secondRes = await post(second, `/events/${id}/signup`, guestFields([shiftId], 2));
    const secondPage = secondRes.headers.get('location')?.replace(/\?.*/, '') ?? '';
    expect(await (await second.request(secondPage)).text()).toContain('On the waitlist');
    const signedPath = location.replace(/\?.*/, '');
    const cancel = await post(
      guest,
      `${signedPath}/cancel`,
      new URLSearchParams({ shiftId: String(shiftId) }),
    );
    expect(cancel.status).toBe(303);
    expect(await (await guest.request(signedPath)).text()).toContain('Cancelled');
    expect(await (await second.request(secondPage)).text()).toContain('Confirmed');
  });

  it('refuses a forged signed link and a bad sign-up with field errors', async () => {
    const id = await publish();
    const forged = await new TestBrowser(t).request(`/events/signups/1.${'A'.repeat(43)}`);
    expect(forged.status).toBe(404);
    const bad = await post(
      new TestBrowser(t),
      `/events/${id}/signup`,
      new URLSearchParams({ name: 'x', email: 'no', zip: '1' }),
    );
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain('Choose at least one shift.');
    expect(html).toContain('Give your 5-digit ZIP code.');
    // SMS consent is never ticked in advance.
    expect(/<input[^>]*id="signup-sms"[^>]*>/.exec(html)?.[0]).not.toContain('checked');
  });

  it('lets a member sign up, see the virtual link and cancel from My events', async () => {
    const id = await publish({ virtualUrl: VIRTUAL });
    const [shiftId = 0] = await shiftIdsOf(t.db, id);
    const member = await aMember(t.db, 'individual');
    const browser = await browserOf(t, member);
    const form = await (await browser.request(`/events/${id}`)).text();
    expect(form).toContain(`value="${member.email}"`);
    const body = guestFields([shiftId], 3);
    body.set('email', member.email);
    const res = await post(browser, `/events/${id}/signup`, body);
    expect(res.headers.get('location')).toBe(`/events/${id}?done=signed-up`);
    expect(await (await browser.request(`/events/${id}`)).text()).toContain(VIRTUAL);
    const mine = await (await browser.request('/events/mine')).text();
    expect(mine).toContain('Saturday canvass in Squirrel Hill');
    const signupId = Number(/\/events\/mine\/(\d+)\/cancel/.exec(mine)?.[1]);
    // Someone else's sign-up cannot be cancelled from another account.
    const stranger = await browserOf(t, await aMember(t.db, 'individual'));
    const refused = await post(
      stranger,
      `/events/mine/${signupId}/cancel`,
      new URLSearchParams({ shiftId: String(shiftId) }),
    );
    expect(refused.status).toBe(404);
    const cancelled = await post(
      browser,
      `/events/mine/${signupId}/cancel`,
      new URLSearchParams({ shiftId: String(shiftId) }),
    );
    expect(cancelled.headers.get('location')).toBe('/events/mine?done=cancelled');
    expect(await (await browser.request(`/events/${id}`)).text()).not.toContain(VIRTUAL);
  });
});

describe('who sees an event', () => {
  it('shows a private event only with its link, and a followers’ event only to followers', async () => {
    const privateId = await publish({ visibility: 'private', title: 'Private briefing' });
    expect((await new TestBrowser(t).request(`/events/${privateId}`)).status).toBe(404);
    const hostPage = await (await hostBrowser.request(`/events/${privateId}`)).text();
    const key = /\?key=([A-Za-z0-9_-]+)/.exec(hostPage)?.[1] ?? '';
    expect(key).not.toBe('');
    expect((await new TestBrowser(t).request(`/events/${privateId}?key=${key}`)).status).toBe(200);
    expect((await new TestBrowser(t).request(`/events/${privateId}?key=${key}x`)).status).toBe(404);

    const followersId = await publish({ visibility: 'followers', title: 'Followers only' });
    const fan = await aMember(t.db, 'individual');
    const fanBrowser = await browserOf(t, fan);
    expect((await fanBrowser.request(`/events/${followersId}`)).status).toBe(404);
    await t.db.insertInto('follows').values({ follower_id: fan.id, followee_id: host.id }).execute();
    expect((await fanBrowser.request(`/events/${followersId}`)).status).toBe(200);
  });

  it('tells the host’s followers of a new public event (Campaign update)', async () => {
    const fan = await aMember(t.db, 'individual');
    await t.db.insertInto('follows').values({ follower_id: fan.id, followee_id: host.id }).execute();
    const id = await createEvent(
      { db: t.db, email: outboxEmail(), appUrl: t.config.appUrl },
      host.id,
      host.id,
      anEvent(),
    );
    const note = await t.db
      .selectFrom('notifications')
      .select(['type', 'route'])
      .where('user_id', '=', fan.id)
      .where('route', '=', `/events/${id.id}`)
      .executeTakeFirstOrThrow();
    expect(note.type).toBe(10);
  });
});
