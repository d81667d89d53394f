import { z } from 'zod';
import { dayStart, utcDay } from '../../contract/day-ranges';
import { SUPPORTER_SORTS, type SupporterSort, YES_NO } from '../../contract/supporters';
import { US_STATE_PATTERN } from '../../contract/us-address';

/**
 * zod for the supporter list's query string and the team's forms (docs/decisions/0100-supporters.md).
 * A filter is also what a saved list keeps, so the same schema reads both.
 */

/** An empty field is no filter (the form sends every field). */
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

const dollars = (label: string) =>
  optional(
    z.coerce
      .number({ error: `Enter the ${label} in dollars, like 25.` })
      .min(0, `Enter the ${label} in dollars, like 25.`)
      .max(10_000_000, `Enter the ${label} in dollars, like 25.`)
      .transform((d) => Math.round(d * 100)),
  );

/** A real calendar day, 'YYYY-MM-DD' (day-ranges.ts reads and prints it). */
const calendarDay = (label: string) =>
  z.string().refine(
    (v) => {
      try {
        return utcDay(dayStart(v)) === v;
      } catch {
        return false;
      }
    },
    { message: `Enter the ${label} as a date (YYYY-MM-DD).` },
  );

const yesNo = optional(z.enum(YES_NO, { error: 'Choose yes, no or either.' }));

export const supporterFilter = z
  .object({
    q: optional(z.string().trim().max(100, 'Search at most 100 characters.')),
    state: optional(
      z.string().trim().toUpperCase().regex(US_STATE_PATTERN, 'Enter a state as two letters, like OH.'),
    ),
    zip: optional(
      z
        .string()
        .trim()
        .regex(/^\d{1,5}$/, 'Enter a ZIP or its first digits, like 432.'),
    ),
    gave: yesNo,
    monthly: yesNo,
    follows: yesNo,
    minGave: dollars('smallest total'),
    maxGave: dollars('largest total'),
    firstFrom: optional(calendarDay('first gift’s earliest day')),
    firstTo: optional(calendarDay('first gift’s latest day')),
    lastFrom: optional(calendarDay('last gift’s earliest day')),
    lastTo: optional(calendarDay('last gift’s latest day')),
    minEvents: optional(
      z.coerce
        .number({ error: 'Enter a number of events.' })
        .int('Enter a whole number of events.')
        .min(0)
        .max(10_000),
    ),
    tag: optional(z.coerce.number({ error: 'Choose one of your tags.' }).int().min(1).max(2_147_483_647)),
  })
  .strip();
export type SupporterFilter = z.infer<typeof supporterFilter>;

/** The filter's fields as the query string names them (also what a saved list stores). */
export const FILTER_FIELDS = Object.keys(supporterFilter.shape) as (keyof SupporterFilter)[];

export const supporterOrder = z.object({
  sort: z.preprocess(
    blank,
    z
      .enum(Object.keys(SUPPORTER_SORTS) as [SupporterSort, ...SupporterSort[]], { error: 'Choose a sort.' })
      .default('name'),
  ),
  dir: z.preprocess(blank, z.enum(['asc', 'desc'], { error: 'Choose up or down.' }).optional()),
});
export type SupporterOrder = z.infer<typeof supporterOrder>;

export const tagInput = z.object({
  tag: z
    .string({ error: 'Enter a tag.' })
    .trim()
    .min(1, 'Enter a tag.')
    .max(40, 'A tag is at most 40 characters.')
    .regex(/^[^<>]+$/, 'A tag cannot hold < or >.'),
});

export const noteInput = z.object({
  body: z
    .string({ error: 'Write the note.' })
    .trim()
    .min(1, 'Write the note.')
    .max(2000, 'A note is at most 2,000 characters.'),
});

export const savedListInput = z.object({
  name: z
    .string({ error: 'Name the list.' })
    .trim()
    .min(1, 'Name the list.')
    .max(80, 'A list’s name is at most 80 characters.'),
});
