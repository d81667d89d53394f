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

/** Rage and dead clicks on one tracked element of a page (docs/decisions/0096-heatmaps-that-hold-on-every-screen.md). */
export interface ClickTroubleRow {
  selector: string;
  label: string;
  rage: number;
  dead: number;
}

/** GET /analytics-click-trouble/<range>: the pages with rage or dead clicks, each with its top 10 elements. */
export interface ClickTroubleReport {
  id: string;
  from: string;
  to: string;
  pages: { path: string; rage: number; dead: number; elements: ClickTroubleRow[] }[];
}
