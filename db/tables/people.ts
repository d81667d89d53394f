import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './columns';

// Profiles, reference lists, follows, name tokens and feedback (migrations/0003_people.ts and later).

export interface ReferenceOptionsTable {
  list_name: string;
  value: string;
  label: string;
  position: number;
}

export type Visibility = 'public' | 'members' | 'private';
export type ProfileAttributes = Record<string, string | string[]>;
export type AttributeVisibilityMap = Record<string, Visibility>;

export interface FollowsTable {
  follower_id: number;
  followee_id: number;
  created_at: CreatedAt;
}

export interface NotificationPreferencesTable {
  user_id: number;
  /** 1..11, docs/product/rulings.md "Notifications: the eleven types". */
  notification_type: number;
  enabled: boolean;
  updated_at: Timestamp;
}

/** Distinct lower-case name words, matched exactly, by prefix and through name_token_keys. */
export interface NameTokensTable {
  id: Generated<number>;
  token: string;
}

/**
 * Deletion keys of each name token (migrations/0018_name_token_keys.ts): typo lookup by btree,
 * with the token's text beside its id so the lookup reads the index alone (migration 0037).
 */
export interface NameTokenKeysTable {
  key: number;
  token_id: number;
  token: string;
}

export interface UserNameTokensTable {
  token_id: number;
  user_id: number;
}

export interface FeedbackTable {
  id: Generated<number>;
  user_id: number | null;
  name: string;
  email: string;
  topic: string;
  state: string | null;
  message: string;
  created_at: CreatedAt;
}
