import { describe, expect, it } from 'vitest';
import { wholeDollars } from '../../../api/contract/money';
import { moneyTicks } from './money-axis';

const labels = (maxCents: number) => moneyTicks(maxCents).map(wholeDollars);

describe('moneyTicks', () => {
  it('steps in round whole dollars up to at least the highest day', () => {
    expect(labels(212_500)).toEqual(['$0', '$1,000', '$2,000', '$3,000']);
    expect(labels(100_000)).toEqual(['$0', '$250', '$500', '$750', '$1,000']);
    expect(labels(2_345)).toEqual(['$0', '$10', '$20', '$30']);
    expect(labels(30_000_000)).toEqual(['$0', '$100,000', '$200,000', '$300,000']);
  });

  it('never shows cents, even for a few cents or none at all', () => {
    expect(labels(0)).toEqual(['$0', '$1']);
    expect(labels(7)).toEqual(['$0', '$1']);
    expect(labels(999)).toEqual(['$0', '$5', '$10']);
  });
});
