/** "Nov 3, 2026": the day a gift was paid or refunded, as the dashboard's tables show it (UTC, like its chart). */
export function dashboardDate(at: Date): string {
  return new Date(at).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
