/**
 * "Nov 3, 2026": the day a gift was paid or refunded, as the dashboard's tables show it: on the
 * campaign's clock (`zone`, campaignTimeZone), like its chart, its export and its FEC reports.
 */
export function dashboardDate(at: Date, zone: string): string {
  return new Date(at).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: zone,
  });
}
