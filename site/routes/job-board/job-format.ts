import { PAY_UNIT_LABELS, type PayUnit } from '../../../api/contract/job-board';

// Pay ranges are whole dollars (the form takes no cents), so they read without ".00".
const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const dollars = (cents: number) => wholeDollars.format(cents / 100);

/** "$45,000–$60,000 per year", or "Volunteer" for a posting without pay. */
export function payText(job: { payMinCents: number | null; payMaxCents: number | null; payUnit: PayUnit }) {
  if (job.payMinCents === null || job.payMaxCents === null) return 'Volunteer';
  const range =
    job.payMinCents === job.payMaxCents
      ? dollars(job.payMinCents)
      : `${dollars(job.payMinCents)}–${dollars(job.payMaxCents)}`;
  return `${range} ${PAY_UNIT_LABELS[job.payUnit]}`;
}

/** "Closes November 30, 2026" from the posting's YYYY-MM-DD closing date. */
export function dayText(isoDay: string) {
  return new Date(`${isoDay.slice(0, 10)}T12:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
