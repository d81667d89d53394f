import { describe, expect, it } from 'vitest';
import { splitIntoMonths } from './report-range';

describe('splitIntoMonths', () => {
  it('keeps the whole months and the days around them', () => {
    expect(splitIntoMonths({ from: '2025-11-24', to: '2026-11-24' })).toEqual({
      months: { first: '2025-12-01', end: '2026-11-01' },
      edges: [
        { from: '2025-11-24', to: '2025-11-30' },
        { from: '2026-11-01', to: '2026-11-24' },
      ],
    });
  });

  it('needs no edge when the range is made of whole months (February of a leap year included)', () => {
    expect(splitIntoMonths({ from: '2024-02-01', to: '2024-03-31' })).toEqual({
      months: { first: '2024-02-01', end: '2024-04-01' },
      edges: [],
    });
  });

  it('reads days only when no whole month fits', () => {
    expect(splitIntoMonths({ from: '2026-10-05', to: '2026-11-20' })).toEqual({
      months: null,
      edges: [{ from: '2026-10-05', to: '2026-11-20' }],
    });
    expect(splitIntoMonths({ from: '2026-11-24', to: '2026-11-24' }).months).toBeNull();
  });
});
