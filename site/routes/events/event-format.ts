import { zonedText } from '../../../api/modules/events/zoned-time';

/** A shift as its volunteers read it: "Saturday, May 9, 2026, 10:00 AM – 1:00 PM EDT". */
export function shiftText(shift: { startsAt: Date; endsAt: Date }, timeZone: string): string {
  return `${zonedText(shift.startsAt, timeZone).replace(/ [A-Z]{2,5}$/, '')} – ${zonedText(shift.endsAt, timeZone, false)}`;
}

/** "3 of 20 places left", or that the shift is full. */
export function placesText(shift: { capacity: number; taken: number }): string {
  const left = Math.max(0, shift.capacity - shift.taken);
  return left === 0 ? 'Full: join the waitlist' : `${left} of ${shift.capacity} places left`;
}
