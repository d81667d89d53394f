/**
 * An event's times as the people there read them. A shift typed as a day and a time is turned into
 * an instant by zonedInstant (api/platform/zoned-time.ts).
 */

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
