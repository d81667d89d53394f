import { describe, expect, it } from 'vitest';
import { needsEmployerAndOccupation, remainingLimitCents } from './fec-limits';

describe('FEC limits', () => {
  it('leaves $3,500 per election and never less than nothing', () => {
    expect(remainingLimitCents(0)).toBe(350_000);
    expect(remainingLimitCents(100_000)).toBe(250_000);
    expect(remainingLimitCents(350_000)).toBe(0);
    expect(remainingLimitCents(400_000)).toBe(0);
  });

  it('asks for employer and occupation only once the cycle total passes $200', () => {
    expect(needsEmployerAndOccupation(20_000)).toBe(false);
    expect(needsEmployerAndOccupation(20_001)).toBe(true);
  });
});
