/**
 * The reference list of issues candidates take a stance on (docs/product/rulings.md,
 * "Endorsements and stances"), and the three stances. Browser-safe: the contrast page, the
 * stance form and the database CHECK (migrations/0024_social.ts) all use these keys.
 */
export const ISSUES = [
  { key: 'healthcare', label: 'Public option for health insurance' },
  { key: 'minimum-wage', label: 'Raise the federal minimum wage' },
  { key: 'climate', label: 'Carbon pricing to cut emissions' },
  { key: 'border', label: 'More funding for border security' },
  { key: 'school-choice', label: 'Vouchers for private and charter schools' },
  { key: 'background-checks', label: 'Universal background checks for gun sales' },
  { key: 'term-limits', label: 'Term limits for members of Congress' },
  { key: 'student-debt', label: 'Federal student debt relief' },
  { key: 'tax-cuts', label: 'Extend the individual income tax cuts' },
  { key: 'voter-id', label: 'Photo ID required to vote' },
  { key: 'energy', label: 'Expand domestic oil and gas drilling' },
  { key: 'infrastructure', label: 'Federal spending on roads, bridges and broadband' },
] as const;

export type IssueKey = (typeof ISSUES)[number]['key'];
export const ISSUE_KEYS = ISSUES.map((i) => i.key) as unknown as readonly [IssueKey, ...IssueKey[]];

export const STANCES = ['support', 'oppose', 'neutral'] as const;
export type Stance = (typeof STANCES)[number];
export const STANCE_LABELS: Record<Stance, string> = {
  support: 'Supports',
  oppose: 'Opposes',
  neutral: 'Neutral',
};

/** One sentence: long enough for a reason, short enough to sit in a table cell. */
export const STANCE_STATEMENT_MAX = 200;
