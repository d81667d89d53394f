import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './columns';

/** A campaign's own people (migrations/0050_supporters.ts, docs/decisions/0100-supporters.md). */

/** Kept by the triggers of migrations/supporters/refresh-sql.ts; the app writes only disconnected_at. */
export interface SupportersTable {
  id: Generated<number>;
  owner_id: number;
  user_id: number | null;
  email_key: string | null;
  name: Generated<string>;
  sort_name: Generated<string>;
  email: string | null;
  state: string | null;
  zip5: string | null;
  follows: Generated<boolean>;
  /** bigint: read as a string by the drivers. */
  gave_cents: ColumnType<string, never, never>;
  refunded_cents: ColumnType<string, never, never>;
  gifts: Generated<number>;
  first_gift_at: Timestamp | null;
  last_gift_at: Timestamp | null;
  monthly_cents: Generated<number>;
  events: Generated<number>;
  connected_at: Generated<Date>;
  disconnected_at: Timestamp | null;
}

export interface SupporterTagsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  created_by: number | null;
  created_at: CreatedAt;
}

export interface SupporterTaggingsTable {
  tag_id: number;
  supporter_id: number;
  tagged_by: number | null;
  tagged_at: CreatedAt;
}

export interface SupporterNotesTable {
  id: Generated<number>;
  supporter_id: number;
  author_id: number | null;
  body: string;
  created_at: CreatedAt;
}

export interface SupporterListsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  filter: ColumnType<Record<string, unknown>, Record<string, unknown>, Record<string, unknown>>;
  created_by: number | null;
  created_at: CreatedAt;
}
