/**
 * Wall clocks in an IANA time zone, with the platform's Intl (no time zone package needed): the day
 * a gift was received in a committee's zone, the instant a shift typed as a day and a time starts
 * where its event happens.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The wall clock in `zone` at `at`. */
export function wallClock(at: Date, zone: string) {
  const parts = Object.fromEntries(
    formatter(zone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The calendar day in `zone` at `at`, 'YYYY-MM-DD'. */
export function zonedDay(at: Date, zone: string): string {
  return wallClock(at, zone).day;
}

/** Minutes `zone` is ahead of UTC at `at`. */
function offsetMinutes(at: Date, zone: string): number {
  const w = wallClock(at, zone);
  const [y, m, d] = w.day.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(y, m - 1, d, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant the wall clock in `zone` reads `day` (YYYY-MM-DD) at `time` (HH:MM). Two passes settle
 * the offset across a daylight-saving change, so 10:00 is 10:00 on either side of it.
 */
export function zonedInstant(day: string, time: string, zone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, hour, minute);
  let guess = wall - offsetMinutes(new Date(wall), zone) * 60_000;
  guess = wall - offsetMinutes(new Date(guess), zone) * 60_000;
  return new Date(guess);
}

/** The instants that bound the days `from` to `to` (both YYYY-MM-DD, inclusive) on `zone`'s wall clock. */
export function zonedDayBounds(from: string, to: string, zone: string): { start: Date; end: Date } {
  const [y, m, d] = to.split('-').map(Number) as [number, number, number];
  const dayAfter = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return { start: zonedInstant(from, '00:00', zone), end: zonedInstant(dayAfter, '00:00', zone) };
}
