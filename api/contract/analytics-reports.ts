export interface TrafficReport {
  id: string;
  from: string;
  to: string;
  totals: { sessions: number; visitors: number };
  /** Every day of the range, oldest first (days without data are zeros). */
  days: { day: string; sessions: number; visitors: number }[];
  /** Sessions by referring host; '' is direct (no referrer). */
  referrers: { referrer: string; sessions: number }[];
  campaigns: { campaign: string; source: string; medium: string; sessions: number }[];
}

export interface PageViewReport {
  id: string;
  from: string;
  to: string;
  totals: { pageViews: number; avgTimeOnPageMs: number | null };
  days: { day: string; pageViews: number }[];
  topPages: PageRow[];
  exitPages: PageRow[];
}

export interface PageRow {
  path: string;
  pageViews: number;
  exits: number;
  /** Exits per view, 0..1. */
  exitRate: number;
  /** Over the views whose duration is known; null when none is. */
  avgTimeOnPageMs: number | null;
}
