import { describe, expect, it } from 'vitest';
import { dollars } from './money';

describe('dollars', () => {
  it('shows cents as US dollars with two decimals and thousands separators', () => {
    expect(dollars(0)).toBe('$0.00');
    expect(dollars(5)).toBe('$0.05');
    expect(dollars(2500)).toBe('$25.00');
    expect(dollars(123456)).toBe('$1,234.56');
    expect(dollars(-1999)).toBe('-$19.99');
  });
});
