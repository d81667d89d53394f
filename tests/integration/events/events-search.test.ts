import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../../api/modules/events/hosting';
import { searchEvents } from '../../../api/modules/events/search';
import { outboxEmail } from '../../../api/ports/email/outbox';
import { seedDemoEvents } from '../../../api/seed/demo-events';
import { MEMBER_EMAIL_DOMAIN } from '../../../api/seed/members';
import { demoAccounts } from '../../factories/accounts';
import { aMember, anEvent, browserOf } from '../../factories/events';
import { dayFromToday } from '../../factories/job-board';
import { waitUntil } from '../../factories/queue';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * /events (decision 0092): a shareable GET search near a ZIP within a radius, by state, kind, date
 * and organizer, over published events to come that the viewer may see; bad values are refused by
 * name with a 400, never a 5xx. A host's profile lists their upcoming events.
 */
let t: TestApp;
let org: { id: number; email: string };
let candidate: { id: number; email: string };
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  org = await aMember(t.db, 'organization');
  candidate = await aMember(t.db, 'candidate');
  const make = async (key: string, hostId: number, overrides: Parameters<typeof anEvent>[0]) => {
    ids[key] = (
      await createEvent({ db: t.db, email: outboxEmail(), appUrl: '' }, hostId, hostId, anEvent(overrides))
    ).id;
  };
  // Pittsburgh (15217), Philadelphia (19104, ~250 miles away), Columbus OH (43215, ~160 miles).
  await make('pittsburgh', org.id, { title: 'Pittsburgh canvass', zip: '15217' });
  await make('philly', org.id, {
    title: 'Philadelphia phone bank',
    type: 'phone_bank',
    zip: '19104',
    shifts: [{ day: dayFromToday(20), start: '18:00', end: '20:00', capacity: 10 }],
  });
  await make('columbus', candidate.id, { title: 'Columbus town hall', type: 'town_hall', zip: '43215' });
  await make('private', candidate.id, {
    title: 'Private strategy meeting',
    zip: '15213',
    visibility: 'private',
  });
  await make('followers', candidate.id, {
    title: 'Followers canvass',
    zip: '15213',
    visibility: 'followers',
  });
}, 120_000);
afterAll(() => t?.close());

const titles = async (query: string, browser = new TestBrowser(t)) => {
  const res = await browser.request(`/events${query}`);
  const html = await res.text();
  return {
    status: res.status,
    html,
    found: [...html.matchAll(/<h3><a href="\/events\/\d+">([^<]+)<\/a>/g)].map((m) => m[1]),
  };
};

describe('/events', () => {
  it('finds events within the radius of a ZIP, nearest ones only, with their distance', async () => {
    const near = await titles('?zip=15213&radius=25');
    expect(near.status).toBe(200);
    expect(near.found).toEqual(['Pittsburgh canvass']);
    expect(near.html).toMatch(/Events near Pittsburgh, PA/);
    expect(near.html).toMatch(/\d+(\.\d)? miles away/);
    const wide = await titles('?zip=15213&radius=100');
    expect(wide.found).toEqual(['Pittsburgh canvass']);
    const api = await searchEvents(t.db, { zip: '15213', radius: 100, page: 1, organizer: undefined }, null);
    expect(api.events.map((e) => e.title)).toEqual(['Pittsburgh canvass']);
  });

  it('filters by state, kind, date and organizer, and lists no private or others’ followers’ event', async () => {
    expect((await titles('?state=PA')).found.sort()).toEqual([
      'Philadelphia phone bank',
      'Pittsburgh canvass',
    ]);
    expect((await titles('?type=town_hall')).found).toEqual(['Columbus town hall']);
    expect((await titles(`?from=${dayFromToday(15)}`)).found).toEqual(['Philadelphia phone bank']);
    const all = await titles('');
    expect(all.found).not.toContain('Private strategy meeting');
    expect(all.found).not.toContain('Followers canvass');
    const orgName =
      (await t.db.selectFrom('users').select('org_name').where('id', '=', org.id).executeTakeFirstOrThrow())
        .org_name ?? '';
    expect((await titles(`?organizer=${encodeURIComponent(orgName.slice(0, 6))}`)).found.sort()).toEqual([
      'Philadelphia phone bank',
      'Pittsburgh canvass',
    ]);
    // A follower of the host finds the followers' event.
    const fan = await aMember(t.db, 'individual');
    await t.db.insertInto('follows').values({ follower_id: fan.id, followee_id: candidate.id }).execute();
    expect((await titles('?state=PA', await browserOf(t, fan))).found).toContain('Followers canvass');
  });

  it('refuses bad values by name with a 400, never a 5xx', async () => {
    for (const query of [
      '?zip=1',
      '?zip=00000',
      '?radius=7',
      '?type=rave',
      '?state=pa',
      '?from=tomorrow',
      '?page=0',
    ]) {
      const res = await titles(query);
      expect(res.status, query).toBe(400);
      expect(res.found, query).toEqual([]);
    }
    expect((await titles('?zip=00000')).html).toContain('We do not know this ZIP code.');
  });
});

describe('profiles', () => {
  it('list the host’s upcoming events the viewer may see, and offer a member to propose one', async () => {
    const res = await new TestBrowser(t).request(`/profile/x/${org.id}`, { redirect: 'manual' });
    const path = res.status === 301 ? (res.headers.get('location') ?? '') : `/profile/x/${org.id}`;
    const html = await (await new TestBrowser(t).request(path)).text();
    expect(html).toContain('Upcoming events');
    expect(html).toContain('Pittsburgh canvass');
    const member = await browserOf(t, await aMember(t.db, 'individual'));
    const candidatePage = await member.request(`/profile/x/${candidate.id}`);
    const candidateHtml = await (await member.request(candidatePage.headers.get('location') ?? '')).text();
    expect(candidateHtml).toContain('Columbus town hall');
    expect(candidateHtml).not.toContain('Private strategy meeting');
    expect(candidateHtml).toContain(`/events/new?host=${candidate.id}`);
  });
});

describe('the cached profile', () => {
  it('shows a new event once the host publishes it (the events trigger drops the host’s page)', async () => {
    const first = await new TestBrowser(t).request(`/profile/x/${org.id}`);
    const path = first.headers.get('location') ?? '';
    const page = async () => (await t.app.request(path)).text();
    const before = await page();
    expect(before).not.toContain('Brand new briefing');
    // Served from the cache now: the same page until the database says the host's rows changed.
    expect(await page()).toBe(before);
    await createEvent(
      { db: t.db, email: outboxEmail(), appUrl: '' },
      org.id,
      org.id,
      anEvent({ title: 'Brand new briefing' }),
    );
    // PGlite drops the page before the write returns; PostgreSQL's notification follows the commit.
    await waitUntil(page, (html) => html.includes('Brand new briefing'), 2_000);
  });
});

describe('the demo events', () => {
  it('seed a canvass with three shifts (one full with a waitlist), a phone bank, a town hall and past events, once', async () => {
    await t.db.deleteFrom('events').execute();
    await demoAccounts(t.db, 'candidate', 'organization', 'member');
    // The generated members the demo's volunteers are drawn from (api/seed/members.ts).
    await t.db
      .insertInto('users')
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          email: `volunteer${i}@${MEMBER_EMAIL_DOMAIN}`,
          kind: 'individual' as const,
          first_name: 'Volunteer',
          last_name: String(i),
        })),
      )
      .execute();
    expect(await seedDemoEvents(t.db)).toBe(5);
    expect(await seedDemoEvents(t.db)).toBe(0);
    const events = await t.db.selectFrom('events').select(['id', 'type', 'ends_at']).execute();
    expect(events.map((e) => e.type).sort()).toEqual([
      'canvass',
      'phone_bank',
      'town_hall',
      'training',
      'voter_registration',
    ]);
    expect(events.filter((e) => new Date(e.ends_at) < new Date())).toHaveLength(2);
    const canvass = events.find((e) => e.type === 'canvass')!;
    const shifts = await t.db
      .selectFrom('event_shifts')
      .select(['id', 'capacity', 'confirmed_count'])
      .where('event_id', '=', canvass.id)
      .orderBy('starts_at')
      .execute();
    expect(shifts).toHaveLength(3);
    expect(shifts[0]!.confirmed_count).toBe(shifts[0]!.capacity);
    const waitlisted = await t.db
      .selectFrom('event_shift_signups')
      .select('id')
      .where('shift_id', '=', shifts[0]!.id)
      .where('status', '=', 'waitlisted')
      .execute();
    expect(waitlisted.length).toBeGreaterThan(0);
  });
});
