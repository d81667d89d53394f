/** How /giving says a date and a monthly gift's state. */
export const givingDate = (at: Date) =>
  at.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

const STATUS_WORDS: Record<string, string> = {
  active: 'Active',
  paused: 'Paused',
  failed: 'Card declined: will try again',
  cancelled: 'Cancelled',
  limit_reached: 'Stopped at the limit',
  pending: 'Waiting for payment',
};

export const statusWords = (status: string) => STATUS_WORDS[status] ?? status;
