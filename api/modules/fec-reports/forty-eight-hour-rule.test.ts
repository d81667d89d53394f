import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wallClock, zonedInstant } from '../../platform/zoned-time';
import { addDays } from './calendar-days';
import { needsNotice, noticeDueAt, noticeWindow, timeLeft } from './forty-eight-hour-rule';

const ZONE = 'America/New_York';
const PRIMARY = '2026-05-05';
const GENERAL = '2026-11-03';

/**
 * The rule as the law words it, on the committee's wall clock: $1,000 or more, received after the
 * 20th day before the election (from the start of the 19th), and more than 48 hours before 12:01
 * a.m. of election day (before 12:01 a.m. two days before it).
 */
function lawSays(election: string, cents: number, at: Date): boolean {
  if (cents < 100_000) return false;
  const w = wallClock(at, ZONE);
  const firstDay = addDays(election, -19);
  const closingDay = addDays(election, -2);
  if (w.day < firstDay || w.day > closingDay) return false;
  return w.day < closingDay || (w.hour === 0 && w.minute < 1);
}

describe('48-hour notices (11 CFR 104.5(f))', () => {
  it('flags exactly the gifts of $1,000 or more in the window, over 1,000 random times around both elections', () => {
    const windows = [noticeWindow(PRIMARY, ZONE), noticeWindow(GENERAL, ZONE)];
    const around = (day: string) => zonedInstant(day, '00:00', ZONE).getTime();
    const amounts = fc.oneof(
      fc.constantFrom(99_999, 100_000, 100_001, 350_000, 2_500, 50_000),
      fc.integer({ min: 100, max: 350_000 }),
    );
    const gift = fc.record({
      election: fc.constantFrom(0, 1),
      // 30 days either side of the election, to the second, plus the edges themselves.
      offset: fc.oneof(
        fc.integer({ min: -30 * 86_400, max: 30 * 86_400 }),
        fc.constantFrom(-19 * 86_400, -19 * 86_400 - 1, -2 * 86_400 + 59, -2 * 86_400 + 60),
      ),
      cents: amounts,
    });
    let flagged = 0;
    fc.assert(
      fc.property(gift, ({ election, offset, cents }) => {
        const day = election === 0 ? PRIMARY : GENERAL;
        const at = new Date(around(day) + offset * 1000);
        const ours = windows.some((w) => needsNotice(w, cents, at));
        if (ours) flagged++;
        expect(ours).toBe(lawSays(day, cents, at));
      }),
      { numRuns: 1000, seed: 46 },
    );
    expect(flagged).toBeGreaterThan(20);
  });

  it('opens at midnight starting the 19th day before and closes at 12:01 a.m. two days before, in the zone', () => {
    const w = noticeWindow(GENERAL, ZONE);
    expect(w.opens.toISOString()).toBe('2026-10-15T04:00:00.000Z');
    // Daylight saving ends at 2 a.m. on November 1, 2026: at 12:01 a.m. it is still UTC-4.
    expect(w.closes.toISOString()).toBe('2026-11-01T04:01:00.000Z');
    expect(noticeWindow('2026-11-05', ZONE).closes.toISOString()).toBe('2026-11-03T05:01:00.000Z');
    expect([w.firstDay, w.lastDay]).toEqual(['2026-10-15', '2026-10-31']);
    const pacific = noticeWindow(GENERAL, 'America/Los_Angeles');
    expect(pacific.opens.toISOString()).toBe('2026-10-15T07:00:00.000Z');
  });

  it('says the time left before the notice is due', () => {
    const at = new Date('2026-10-20T12:00:00Z');
    expect(noticeDueAt(at).toISOString()).toBe('2026-10-22T12:00:00.000Z');
    expect(timeLeft(noticeDueAt(at), new Date('2026-10-21T05:00:00Z'))).toBe('due in 31 hours');
    expect(timeLeft(noticeDueAt(at), new Date('2026-10-22T11:15:00Z'))).toBe('due in 45 minutes');
    expect(timeLeft(noticeDueAt(at), new Date('2026-10-22T14:00:00Z'))).toBe('overdue by 2 hours');
  });
});
