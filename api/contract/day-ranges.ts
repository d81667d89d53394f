/**
 * UTC calendar days ('YYYY-MM-DD') and day ranges, shared by the rollups, the reports and the
 * console's date picker. Browser-safe: no imports.
 */
export interface DayRange {
  from: string;
  to: string;
}

/** At most a year and a day per report; each day is one row per rollup table. */
export const MAX_RANGE_DAYS = 366;
export const DEFAULT_RANGE_DAYS = 30;
const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC day of an instant, 'YYYY-MM-DD'. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Midnight UTC at the start of `day`; throws on anything that is not a calendar day. */
export function dayStart(day: string): Date {
  if (!DAY_PATTERN.test(day)) throw new RangeError(`Not a day (YYYY-MM-DD): ${day}`);
  const start = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(start.getTime()) || utcDay(start) !== day) throw new RangeError(`Not a day: ${day}`);
  return start;
}

/**
 * Ten years: more days than any report, rollup rebuild or retention window lists. A range from
 * year 0000 to 9999 would be 3.65 million day strings, seconds of a blocked event loop.
 */
export const MAX_LISTED_DAYS = 3660;

/**
 * How many days `from`..`to` spans, both included (0 when `from` is after `to`), by arithmetic:
 * callers check a range's length with this before anything builds one entry per day.
 */
export function dayCount(from: string, to: string): number {
  const span = (dayStart(to).getTime() - dayStart(from).getTime()) / DAY_MS;
  return span < 0 ? 0 : span + 1;
}

/**
 * Every day from `from` to `to`, both included; empty when `from` is after `to`. Refuses
 * (RangeError) more than `maxDays` days before listing any of them.
 */
export function daysBetween(from: string, to: string, maxDays = MAX_LISTED_DAYS): string[] {
  const count = dayCount(from, to);
  if (count > maxDays) throw new RangeError(`${from}..${to} spans ${count} days; at most ${maxDays}`);
  const days: string[] = [];
  for (let t = dayStart(from).getTime(); t <= dayStart(to).getTime(); t += DAY_MS) {
    days.push(utcDay(new Date(t)));
  }
  return days;
}

/** The last `days` days up to and including today (UTC). */
export function lastDays(days = DEFAULT_RANGE_DAYS, now = new Date()): DayRange {
  return { from: utcDay(new Date(now.getTime() - (days - 1) * DAY_MS)), to: utcDay(now) };
}

/** 'YYYY-MM-DD..YYYY-MM-DD': the id of a report record in the console's REST API. */
export function rangeId(range: DayRange): string {
  return `${range.from}..${range.to}`;
}
