/** Calendar-day arithmetic on 'YYYY-MM-DD' strings: no clock, no time zone. */
const DAY_MS = 86_400_000;

const toUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  return fromUtc(toUtc(day) + days * DAY_MS);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysFrom(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
}

export const yearOf = (day: string) => Number(day.slice(0, 4));

/** The federal general election of `year`: the Tuesday after the first Monday of November. */
export function federalElectionDay(year: number): string {
  const novFirst = new Date(Date.UTC(year, 10, 1)).getUTCDay();
  const firstMonday = 1 + ((8 - novFirst) % 7);
  return fromUtc(Date.UTC(year, 10, firstMonday + 1));
}
