import type { ColumnType } from 'kysely';

/**
 * migrations/0027_counters_and_monthly_pages: counts of users kept by triggers, one row per shard (and
 * day or state); readers sum the shards. Written only by the triggers.
 */
export interface UserCountTotalsTable {
  shard: number;
  members: number;
  organizations: number;
  candidates: number;
  staff: number;
  blocked: number;
}

export interface MemberSignupsDailyTable {
  /* Drivers parse `date` differently (Date or string): select days as sql`day::text`. */
  day: ColumnType<string, string, string>;
  shard: number;
  members: number;
}

export interface MemberStateCountsTable {
  state: string;
  shard: number;
  members: number;
}
