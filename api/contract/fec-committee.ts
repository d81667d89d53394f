/**
 * The FEC committee vocabulary the committee form, the reports page and the export share
 * (docs/decisions/0090-fec-reports.md). Browser-safe: imports nothing.
 */

/** The offices whose principal campaign committees file Form 3: House and Senate (a President files Form 3P). */
export const FEC_OFFICES = ['H', 'S'] as const;
export type FecOfficeCode = (typeof FEC_OFFICES)[number];
export const FEC_OFFICE_LABEL: Record<FecOfficeCode, string> = {
  H: 'U.S. House',
  S: 'U.S. Senate',
};

/**
 * Each state's, district's and territory's postal code and the time zone most of it keeps: the
 * committee's days (when a gift was received, when a report closes) are counted there unless the
 * committee chooses another zone.
 */
export const STATE_TIME_ZONES: Record<string, string> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AS: 'Pacific/Pago_Pago',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  GU: 'Pacific/Guam',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  MP: 'Pacific/Saipan',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  PR: 'America/Puerto_Rico',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VI: 'America/St_Thomas',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
};

export const FEC_STATES = Object.keys(STATE_TIME_ZONES).sort();

/** The zones a committee may choose, labelled as people say them. */
export const COMMITTEE_TIME_ZONES: readonly (readonly [string, string])[] = [
  ['America/New_York', 'Eastern'],
  ['America/Detroit', 'Eastern (Michigan)'],
  ['America/Indiana/Indianapolis', 'Eastern (Indiana)'],
  ['America/Chicago', 'Central'],
  ['America/Denver', 'Mountain'],
  ['America/Boise', 'Mountain (Idaho)'],
  ['America/Phoenix', 'Mountain, no daylight saving (Arizona)'],
  ['America/Los_Angeles', 'Pacific'],
  ['America/Anchorage', 'Alaska'],
  ['Pacific/Honolulu', 'Hawaii'],
  ['America/Puerto_Rico', 'Atlantic (Puerto Rico)'],
  ['America/St_Thomas', 'Atlantic (Virgin Islands)'],
  ['Pacific/Guam', 'Chamorro (Guam)'],
  ['Pacific/Saipan', 'Chamorro (Northern Mariana Islands)'],
  ['Pacific/Pago_Pago', 'Samoa'],
];

/** The zone a committee's days are counted in: its own choice, else its candidate's state's. */
export function committeeTimeZone(electionState: string, chosen: string | null): string {
  return chosen ?? STATE_TIME_ZONES[electionState] ?? 'America/New_York';
}
