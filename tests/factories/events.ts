import type { EventInput, SignupInput } from '../../api/modules/events/schema';
import type { Db } from '../../db/client';
import { dayFromToday } from './job-board';
import type { TestBrowser } from './test-app';

export { aJobBoardMember as aMember, browserOf } from './job-board';

/** A plain form post whose fields may repeat (the shifts' checkboxes), as a browser without JavaScript sends it. */
export const postForm = (browser: TestBrowser, path: string, body: URLSearchParams) =>
  browser.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  });

/** A complete, valid event (a canvass in Pittsburgh next week, one shift of `capacity`); override what a test is about. */
export function anEvent(overrides: Partial<EventInput> = {}, capacity = 20): EventInput {
  return {
    type: 'canvass',
    title: 'Saturday canvass in Squirrel Hill',
    description: 'Knock doors with neighbours; training at the start, snacks after.',
    timeZone: 'America/New_York',
    address: '5738 Forbes Ave, Pittsburgh, PA',
    zip: '15217',
    virtualUrl: null,
    visibility: 'public',
    accessibilityNotes: 'Step-free entrance; routes for walkers and for drivers.',
    shifts: [{ day: dayFromToday(7), start: '10:00', end: '13:00', capacity }],
    ...overrides,
  };
}

/** A guest's sign-up for `shiftIds`, the `n`th of a test (a distinct email each). */
export function aGuest(eventId: number, shiftIds: number[], n: number, tag = 'guest'): SignupInput {
  return {
    eventId,
    shiftIds,
    name: `Guest ${n}`,
    email: `${tag}${n}@volunteers.test`,
    zip: '15213',
    phone: null,
    smsConsent: false,
  };
}

/** The shifts of an event in time order. */
export async function shiftIdsOf(db: Db, eventId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('event_shifts')
    .select('id')
    .where('event_id', '=', eventId)
    .orderBy('starts_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}
