import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns';

/** First-party analytics: raw events and daily rollups (migrations/0008_analytics.ts). */
export interface AnalyticsSessionsTable {
  id: string;
  user_id: number | null;
  visitor_hash: string;
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  started_at: Timestamp;
  last_seen_at: Timestamp;
}

export interface AnalyticsPageViewsTable {
  id: string;
  session_id: string;
  user_id: number | null;
  path: string;
  url: string;
  title: string | null;
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  started_at: Timestamp;
  duration_ms: number | null;
  is_exit: Generated<boolean>;
  ended_at: Timestamp | null;
  /** The deepest scroll, percent of the page (migrations/0044). */
  scroll_depth: number | null;
}

export interface AnalyticsClicksTable {
  id: Generated<string>;
  session_id: string;
  user_id: number | null;
  path: string;
  selector: string;
  label: string | null;
  x: number | null;
  y: number | null;
  window_width: number;
  window_height: number;
  is_normalized: boolean;
  created_at: Timestamp;
  /** Computed from window_width (migrations/0044): 'narrow' | 'medium' | 'wide'. */
  band: Generated<string>;
  /** Where in the clicked element's box, as shares 0–1; null for clicks recorded before 0044. */
  anchor_x: number | null;
  anchor_y: number | null;
}

/** A rage or dead click the tracker reported (migrations/0044). */
export interface AnalyticsClickSignalsTable {
  id: Generated<string>;
  session_id: string;
  path: string;
  selector: string;
  label: string | null;
  window_width: number;
  band: Generated<string>;
  kind: 'rage' | 'dead';
  created_at: Timestamp;
}

export interface UserActivityTable {
  id: Generated<string>;
  user_id: number;
  path: string;
  created_at: Timestamp;
}

/** A tracking event the database refused, set aside by the ingest (migrations/0010). */
export interface AnalyticsRejectedEventsTable {
  id: Generated<string>;
  rejected_at: Generated<Date>;
  error_code: string | null;
  error_message: string;
  /** JSON text of the event's rows. */
  payload: string;
}

/** bigint columns arrive as strings from postgres.js; read them with Number(). */
/* Drivers parse `date` differently (Date or string): select days as sql`day::text`. */
type BigIntCount = ColumnType<string | number, number | bigint | string, number | bigint | string>;

export interface AnalyticsDailyTotalsTable {
  day: ColumnType<string, string, string>;
  page_views: number;
  sessions: number;
  visitors: number;
  total_duration_ms: BigIntCount;
  timed_views: number;
}

export interface AnalyticsDailyPagesTable {
  day: ColumnType<string, string, string>;
  path: string;
  page_views: number;
  exits: number;
  total_duration_ms: BigIntCount;
  timed_views: number;
}

/** migrations/0027_counters_and_monthly_pages: the daily page rows summed per month ('YYYY-MM-01'). */
export interface AnalyticsMonthlyPagesTable {
  month: ColumnType<string, string, string>;
  path: string;
  page_views: number;
  exits: number;
  total_duration_ms: BigIntCount;
  timed_views: number;
}

export interface AnalyticsDailySourcesTable {
  day: ColumnType<string, string, string>;
  kind: 'referrer' | 'campaign';
  value: string;
  source: Generated<string>;
  medium: Generated<string>;
  sessions: number;
}

/** migrations/0045: the heatmap's click cells per UTC day (api/modules/analytics/reports/click-rollup.ts). */
export interface AnalyticsDailyClickCellsTable {
  day: ColumnType<string, string, string>;
  path: string;
  band: string;
  selector: string;
  is_normalized: boolean;
  cell_x: number | null;
  cell_y: number | null;
  anchor_x: number | null;
  anchor_y: number | null;
  clicks: number;
  positioned: number;
  sum_x: number | null;
  sum_y: number | null;
  last_at: Timestamp;
  window_width: number;
  window_height: number;
}
