import { describe, expect, it } from 'vitest';
import { dollars, wholeDollars } from './money';

describe('dollars', () => {
  it('shows cents as US dollars with two decimals and thousands separators', () => {
    expect(dollars(0)).toBe('$0.00');
    expect(dollars(5)).toBe('$0.05');
    expect(dollars(2500)).toBe('$25.00');
    expect(dollars(123456)).toBe('$1,234.56');
    expect(dollars(-1999)).toBe('-$19.99');
  });
});

describe('wholeDollars', () => {
  it('rounds to whole dollars with thousands separators and no decimals', () => {
    expect(wholeDollars(0)).toBe('$0');
    expect(wholeDollars(212500)).toBe('$2,125');
    expect(wholeDollars(106250)).toBe('$1,063');
    expect(wholeDollars(30000000)).toBe('$300,000');
  });
});
