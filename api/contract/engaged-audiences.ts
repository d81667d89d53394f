/**
 * Engaged audiences (docs/decisions/0099-designed-email-and-click-tracking.md): the people who
 * clicked a campaign email's link or gave in the last 30, 60 or 90 days, so a campaign can send to
 * its engaged list first. Shared by the audiences and the pickers.
 */
export const ENGAGED_WINDOWS = [30, 60, 90] as const;
export type EngagedWindow = (typeof ENGAGED_WINDOWS)[number];

export const ENGAGED_PEOPLE = 'engaged-people';
export const ENGAGED_SUPPORTERS = 'engaged-supporters';

export function engagedLabel(days: EngagedWindow): string {
  return `Clicked or gave in the last ${days} days`;
}
