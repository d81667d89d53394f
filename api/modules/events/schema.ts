import { z } from 'zod';
import {
  DEFAULT_EVENT_RADIUS,
  EVENT_RADII,
  EVENT_TIME_ZONE_VALUES,
  EVENT_TYPE_VALUES,
  EVENT_VISIBILITY_VALUES,
  MAX_SHIFT_CAPACITY,
  MAX_SHIFTS,
} from '../../contract/events';
import { rowId } from '../bounds';

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => v || null);

/** One shift as the form sends it: a day and two times where the event happens, and its places. */
export const shiftInput = z
  .object({
    day: z.string('Choose the day.').regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose the day.'),
    start: z.string('Choose a start time.').regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Choose a start time.'),
    end: z.string('Choose an end time.').regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Choose an end time.'),
    capacity: z
      .number('Give the number of places.')
      .int('Give a whole number of places.')
      .min(1, 'A shift has at least one place.')
      .max(MAX_SHIFT_CAPACITY, `A shift has at most ${MAX_SHIFT_CAPACITY.toLocaleString('en-US')} places.`),
  })
  .refine((s) => s.end > s.start, { message: 'A shift ends after it starts.', path: ['end'] });
export type ShiftInput = z.infer<typeof shiftInput>;

/** An event as the form sends it; the host is the URL's (or the creator), checked by the service. */
export const eventInput = z.object({
  type: z.enum(EVENT_TYPE_VALUES, 'Choose the kind of event.'),
  title: z
    .string('Give the event a title.')
    .trim()
    .min(3, 'Give the event a title of at least 3 characters.')
    .max(120, 'Keep the title under 120 characters.'),
  description: z
    .string('Describe the event.')
    .trim()
    .min(10, 'Describe the event in at least 10 characters.')
    .max(5000, 'Keep the description under 5,000 characters.'),
  timeZone: z.enum(EVENT_TIME_ZONE_VALUES, 'Choose the time zone.'),
  address: z
    .string('Give the address.')
    .trim()
    .min(3, 'Give the address (or "Online").')
    .max(300, 'Keep the address under 300 characters.'),
  zip: z
    .string('Give a 5-digit ZIP code.')
    .trim()
    .regex(/^\d{5}$/, 'Give a 5-digit ZIP code.'),
  virtualUrl: z
    .union([z.literal(''), z.url({ protocol: /^https$/, message: 'Give a link that starts with https://.' })])
    .nullish()
    .transform((v) => v || null),
  visibility: z.enum(EVENT_VISIBILITY_VALUES, 'Choose who can see the event.'),
  accessibilityNotes: optionalText(1000, 'Keep the accessibility notes under 1,000 characters.'),
  shifts: z
    .array(shiftInput)
    .min(1, 'Add at least one shift.')
    .max(MAX_SHIFTS, `An event has at most ${MAX_SHIFTS} shifts.`),
});
export type EventInput = z.infer<typeof eventInput>;

/** A sign-up as the event page's form sends it (member or guest). */
export const signupInput = z.object({
  eventId: rowId,
  shiftIds: z.array(rowId).min(1, 'Choose at least one shift.').max(MAX_SHIFTS),
  name: z
    .string('Give your name.')
    .trim()
    .min(2, 'Give your name.')
    .max(120, 'Keep your name under 120 characters.'),
  email: z.email('Give an email address we can reach you at.').trim().toLowerCase().max(254),
  zip: z
    .string('Give your 5-digit ZIP code.')
    .trim()
    .regex(/^\d{5}$/, 'Give your 5-digit ZIP code.'),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ().-]{7,20}$/, 'Give a phone number, or leave it empty.')
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
  smsConsent: z.boolean().default(false),
  /** The friend's invite code, and 'suggested' from the events suggested after a sign-up (decision 0101). */
  invite: z.string().max(64).nullish().catch(null),
  source: z.enum(['suggested']).nullish().catch(null),
});
export type SignupInput = z.infer<typeof signupInput>;

/** The /events search form (a GET form: every field optional, bad values refused by name). */
export const eventSearchInput = z.object({
  zip: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'Give a 5-digit ZIP code.')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  radius: z.coerce
    .number()
    .refine((n) => (EVENT_RADII as readonly number[]).includes(n), 'Choose a distance from the list.')
    .default(DEFAULT_EVENT_RADIUS),
  state: z
    .string()
    .regex(/^[A-Z]{2}$/, 'Choose a state from the list.')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  type: z
    .enum(EVENT_TYPE_VALUES, 'Choose a kind of event from the list.')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a date.')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  organizer: z
    .string()
    .trim()
    .max(80, 'Keep the organizer under 80 characters.')
    .optional()
    .transform((v) => v || undefined),
  page: z.coerce.number().int().min(1).max(100).default(1),
});
export type EventSearchInput = z.infer<typeof eventSearchInput>;

/** An event named by id, with the private link's key when the caller has one. */
export const eventIdInput = z.object({ eventId: rowId, key: z.string().max(64).nullish() });

/** A shift of one of the member's own sign-ups. */
export const cancelShiftInput = z.object({ signupId: rowId, shiftId: rowId });

/** A host's answer to a member's proposal. */
export const decideProposalInput = z.object({ eventId: rowId, decision: z.enum(['approve', 'decline']) });

/** A new event: for the member themself (a host), or proposed to `hostId`. */
export const createEventInput = z.object({ hostId: rowId.nullish(), event: eventInput });
