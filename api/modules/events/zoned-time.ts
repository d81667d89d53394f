/**
 * Wall-clock times in an event's time zone, with the platform's Intl (no library: two functions).
 * A shift is typed as a day and a time where the event happens; it is stored as an instant.
 */

/** The zone's offset from UTC, in milliseconds, at the instant `utcMs`. */
function offsetAt(utcMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utcMs));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

/**
 * The instant of `day` (YYYY-MM-DD) at `time` (HH:MM) in `timeZone`. Across a DST change the offset
 * is read again at the first guess, so 10:00 is 10:00 on either side.
 */
export function zonedInstant(day: string, time: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const wall = Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, hh ?? 0, mm ?? 0);
  const first = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(first, timeZone));
}

/** An instant as the people at the event read it: "Saturday, May 9, 2026, 10:00 AM EDT". */
export function zonedText(at: Date, timeZone: string, withDay = true): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    ...(withDay ? { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' } : {}),
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at);
}

/** The day (YYYY-MM-DD) and time (HH:MM) of an instant in `timeZone`, as the event form shows them. */
export function zonedParts(at: Date, timeZone: string): { day: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  const v = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: `${v('year')}-${v('month')}-${v('day')}`, time: `${v('hour')}:${v('minute')}` };
}
