/**
 * A campaign's supporter list (docs/decisions/0100-supporters.md): its sorts and the columns of its
 * CSV, as the pages and the CSV name them.
 */
export const SUPPORTER_SORTS = {
  name: 'Name',
  gave: 'Gave',
  monthly: 'Monthly',
  first_gift: 'First gift',
  last_gift: 'Last gift',
  events: 'Events',
  connected: 'Connected',
  state: 'State',
  zip: 'ZIP',
} as const;
export type SupporterSort = keyof typeof SUPPORTER_SORTS;

/** "Yes", "No" or either, for the gave / monthly / follows filters. */
export const YES_NO = ['yes', 'no'] as const;

/** Supporters a page shows. */
export const SUPPORTERS_PER_PAGE = 50;

/** The mass email audience of a campaign's saved list or tag (api/modules/mass-email-audiences/supporter-list.ts). */
export const SUPPORTER_LIST_AUDIENCE = 'supporter-list';
