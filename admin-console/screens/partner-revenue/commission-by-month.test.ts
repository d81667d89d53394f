import { describe, expect, it } from 'vitest';
import { commissionByMonth } from './commission-by-month';

const row = (month: string, vendorId: number, commissionCents: number) => ({
  vendorId,
  vendor: `vendor-${vendorId}`,
  month,
  orders: 1,
  salesCents: commissionCents * 10,
  commissionCents,
});

describe('commissionByMonth', () => {
  it('adds up every vendor of a month, one bar per month, oldest first', () => {
    const bars = commissionByMonth([row('2026-11', 1, 250), row('2026-10', 2, 100), row('2026-11', 2, 50)]);
    expect(bars).toEqual([
      { month: '2026-10', label: 'Oct 26', commissionCents: 100 },
      { month: '2026-11', label: 'Nov 26', commissionCents: 300 },
    ]);
  });

  it('has no bars when no vendor sold anything', () => {
    expect(commissionByMonth([])).toEqual([]);
  });
});
