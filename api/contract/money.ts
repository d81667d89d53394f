/**
 * Money is integer cents everywhere (docs/architecture.md); this is the one place it becomes
 * text: US dollars with cents and thousands separators, e.g. 123456 → "$1,234.56".
 */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function dollars(cents: number): string {
  return usd.format(cents / 100);
}

const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** Whole dollars for a scale or an axis, where cents are noise: 212500 → "$2,125". */
export function wholeDollars(cents: number): string {
  return usdWhole.format(Math.round(cents / 100));
}
