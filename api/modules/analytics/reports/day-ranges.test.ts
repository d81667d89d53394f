import { describe, expect, it } from 'vitest';
import { dayCount, daysBetween, MAX_LISTED_DAYS } from '../../../contract/day-ranges';
import { ValidationError } from '../../errors';
import { parseRangeId, wholeMonths } from './report';

/** Finding 5: a range's length is known, and refused, before one day string is built. */
describe('day ranges', () => {
  it('counts the days of a range by arithmetic, leap days included', () => {
    expect(dayCount('2024-02-28', '2024-03-01')).toBe(3);
    expect(dayCount('2025-03-11', '2025-03-10')).toBe(0);
    expect(dayCount('0000-01-01', '9999-12-31')).toBe(3_652_425);
  });

  it('refuses to list a range of millions of days instead of building it', () => {
    expect(() => daysBetween('0000-01-01', '9999-12-31')).toThrow(RangeError);
    expect(() => daysBetween('2020-01-01', '2020-12-31', 30)).toThrow(RangeError);
    expect(daysBetween('2020-01-01', '2020-12-31')).toHaveLength(366);
    expect(MAX_LISTED_DAYS).toBeGreaterThanOrEqual(366);
  });

  it('rejects the widest report range with a field error naming the limit', () => {
    let error: unknown;
    try {
      parseRangeId('0000-01-01..9999-12-31');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fieldErrors.range).toEqual(['Show at most 366 days at a time.']);
  });

  it('finds the calendar months wholly inside a range (read from the monthly page rows)', () => {
    expect(wholeMonths({ from: '2025-06-01', to: '2025-06-30' })).toEqual({
      first: '2025-06-01',
      end: '2025-07-01',
    });
    expect(wholeMonths({ from: '2025-05-30', to: '2025-08-02' })).toEqual({
      first: '2025-06-01',
      end: '2025-08-01',
    });
    expect(wholeMonths({ from: '2024-11-24', to: '2025-11-24' })).toEqual({
      first: '2024-12-01',
      end: '2025-11-01',
    });
    expect(wholeMonths({ from: '2024-12-01', to: '2024-12-31' })).toEqual({
      first: '2024-12-01',
      end: '2025-01-01',
    });
    expect(wholeMonths({ from: '2024-02-01', to: '2024-02-29' })).toEqual({
      first: '2024-02-01',
      end: '2024-03-01',
    });
    // No whole month: an empty [from, from).
    expect(wholeMonths({ from: '2025-06-02', to: '2025-06-30' })).toEqual({
      first: '2025-06-02',
      end: '2025-06-02',
    });
    expect(wholeMonths({ from: '2025-06-15', to: '2025-07-14' })).toEqual({
      first: '2025-06-15',
      end: '2025-06-15',
    });
  });
});
