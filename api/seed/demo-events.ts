import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/client';
import type { Database, EventType, EventVisibility, ShiftSignupStatus } from '../../db/schema';
import { locateZip } from '../modules/events/zip-locations';
import { zonedInstant } from '../platform/zoned-time';
import { DEMO_EMAIL_DOMAIN } from './demo-accounts';
import { MEMBER_EMAIL_DOMAIN } from './members';

/**
 * Events' demo (issue 47, decision 0092): the demo candidate's canvass in Columbus with three shifts
 * (the first full, with a waitlist; the demo member has a place on the second), the demo
 * organization's phone bank (online, with a link for those signed up), a town hall, and past
 * events. Days are counted from the day the seed first runs; reruns insert nothing. The seeded
 * sign-ups are marked as already confirmed and thanked, so starting the demo mails no one.
 */
const DAY_MS = 86_400_000;

type Db_ = Db | Transaction<Database>;

interface DemoShift {
  inDays: number;
  start: string;
  end: string;
  capacity: number;
  /** How many generated members take places (more than capacity: the rest are waitlisted). */
  volunteers: number;
  demoMember?: boolean;
}

interface DemoEvent {
  host: 'candidate' | 'organization';
  type: EventType;
  title: string;
  description: string;
  timeZone: string;
  address: string;
  zip: string;
  virtualUrl?: string;
  visibility?: EventVisibility;
  accessibilityNotes?: string;
  shifts: DemoShift[];
}

const EVENTS: DemoEvent[] = [
  {
    host: 'candidate',
    type: 'canvass',
    title: 'Weekend canvass for Marisol Grant',
    description:
      'Knock doors with neighbors across the 3rd District. We start with a 20-minute training, hand out walk lists and snacks, and send you out in pairs.\n\nNew to canvassing? You will be paired with someone who has done it before.',
    timeZone: 'America/New_York',
    address: '500 S Front St, Columbus, OH',
    zip: '43215',
    accessibilityNotes:
      'Step-free office entrance. Driving routes and phone-bank seats for those who cannot walk far.',
    shifts: [
      { inDays: 5, start: '10:00', end: '13:00', capacity: 3, volunteers: 5 },
      { inDays: 5, start: '13:00', end: '16:00', capacity: 12, volunteers: 4, demoMember: true },
      { inDays: 6, start: '10:00', end: '13:00', capacity: 12, volunteers: 2 },
    ],
  },
  {
    host: 'organization',
    type: 'phone_bank',
    title: 'Clean water phone bank',
    description:
      'Call Michigan voters about lead pipe replacement. Scripts and the calling tool are provided; bring a laptop and a headset.',
    timeZone: 'America/New_York',
    address: 'Online (Zoom), hosted from Flint, MI',
    zip: '48502',
    virtualUrl: 'https://meet.example.org/clean-water-phone-bank',
    shifts: [{ inDays: 3, start: '18:00', end: '20:00', capacity: 40, volunteers: 6 }],
  },
  {
    host: 'candidate',
    type: 'town_hall',
    title: 'Health care town hall with Marisol Grant',
    description: 'Bring your questions on health care costs and coverage. Marisol answers them, unscripted.',
    timeZone: 'America/New_York',
    address: 'Columbus Metropolitan Library, 96 S Grant Ave, Columbus, OH',
    zip: '43215',
    accessibilityNotes: 'ASL interpretation and live captions. Wheelchair seating at the front.',
    shifts: [{ inDays: 10, start: '18:30', end: '20:00', capacity: 150, volunteers: 8 }],
  },
  {
    host: 'candidate',
    type: 'voter_registration',
    title: 'Voter registration drive at the farmers market',
    description: 'Help neighbors register to vote and check their registration.',
    timeZone: 'America/New_York',
    address: 'North Market, 59 Spruce St, Columbus, OH',
    zip: '43215',
    shifts: [{ inDays: -12, start: '09:00', end: '12:00', capacity: 10, volunteers: 7 }],
  },
  {
    host: 'organization',
    type: 'training',
    title: 'Volunteer training: talking about water quality',
    description: 'How to talk with neighbors about lead, testing and what the city is doing.',
    timeZone: 'America/New_York',
    address: 'Flint Public Library, 1026 E Kearsley St, Flint, MI',
    zip: '48502',
    shifts: [{ inDays: -20, start: '18:00', end: '19:30', capacity: 25, volunteers: 9 }],
  },
];

const day = (now: Date, offset: number) =>
  new Date(now.getTime() + offset * DAY_MS).toISOString().slice(0, 10);

async function userId(db: Db_, email: string) {
  return (
    (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst())?.id ?? null
  );
}

/** Seeds the events once; answers how many it inserted. */
export async function seedDemoEvents(db: Db_, now = new Date()): Promise<number> {
  if (await db.selectFrom('events').select('id').limit(1).executeTakeFirst()) return 0;
  const hosts = {
    candidate: await userId(db, `candidate@${DEMO_EMAIL_DOMAIN}`),
    organization: await userId(db, `organization@${DEMO_EMAIL_DOMAIN}`),
  };
  const demoMember = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name'])
    .where('email', '=', `member@${DEMO_EMAIL_DOMAIN}`)
    .executeTakeFirst();
  const volunteers = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name'])
    .where('email', 'like', `%@${MEMBER_EMAIL_DOMAIN}`)
    .where('kind', '=', 'individual')
    .orderBy('id')
    .limit(40)
    .execute();
  let inserted = 0;
  let next = 0;
  for (const plan of EVENTS) {
    const hostId = hosts[plan.host];
    const place = locateZip(plan.zip);
    if (!hostId || !place) continue;
    const shifts = plan.shifts.map((s) => ({
      ...s,
      startsAt: zonedInstant(day(now, s.inDays), s.start, plan.timeZone),
      endsAt: zonedInstant(day(now, s.inDays), s.end, plan.timeZone),
    }));
    const past = shifts.every((s) => s.endsAt <= now);
    const event = await db
      .insertInto('events')
      .values({
        host_id: hostId,
        status: 'published',
        type: plan.type,
        title: plan.title,
        description: plan.description,
        time_zone: plan.timeZone,
        address: plan.address,
        zip: plan.zip,
        state: place.state,
        latitude: place.latitude,
        longitude: place.longitude,
        virtual_url: plan.virtualUrl ?? null,
        visibility: plan.visibility ?? 'public',
        share_key: randomBytes(16).toString('base64url'),
        accessibility_notes: plan.accessibilityNotes ?? null,
        starts_at: shifts[0]!.startsAt,
        ends_at: new Date(Math.max(...shifts.map((s) => s.endsAt.getTime()))),
        published_at: new Date(now.getTime() - 14 * DAY_MS - (past ? 30 * DAY_MS : 0)),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    inserted++;
    for (const s of shifts) {
      const people = volunteers.slice(next, next + s.volunteers);
      next = (next + s.volunteers) % Math.max(1, volunteers.length - 10);
      if (s.demoMember && demoMember) people.push(demoMember);
      const confirmed = Math.min(s.capacity, people.length);
      const shift = await db
        .insertInto('event_shifts')
        .values({
          event_id: event.id,
          starts_at: s.startsAt,
          ends_at: s.endsAt,
          capacity: s.capacity,
          confirmed_count: confirmed,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [i, person] of people.entries()) {
        const signup = await db
          .insertInto('event_signups')
          .values({
            event_id: event.id,
            user_id: person.id,
            name: `${person.first_name ?? ''} ${person.last_name ?? ''}`.trim() || 'Volunteer',
            email: person.email,
            zip: plan.zip,
            confirmation_sent_at: now,
            thanked_at: past ? now : null,
          })
          .onConflict((oc) => oc.doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!signup) continue;
        const status: ShiftSignupStatus = i < s.capacity ? 'confirmed' : 'waitlisted';
        await db
          .insertInto('event_shift_signups')
          .values({ signup_id: signup.id, shift_id: shift.id, status })
          .execute();
      }
    }
  }
  return inserted;
}
