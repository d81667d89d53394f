import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './columns';

/** Posts, endorsements and issue stances (migrations/0024_social.ts, docs/decisions/0033-social.md). */

export interface PostsTable {
  id: Generated<number>;
  author_id: number;
  body: string;
  image_url: string | null;
  campaign_id: number | null;
  created_at: CreatedAt;
  deleted_at: Timestamp | null;
  deleted_by: number | null;
}

export interface EndorsementsTable {
  candidate_id: number;
  endorser_id: number;
  created_at: CreatedAt;
}

export interface IssueStancesTable {
  candidate_id: number;
  issue: string;
  stance: 'support' | 'oppose' | 'neutral';
  statement: string;
  updated_at: Timestamp;
}
