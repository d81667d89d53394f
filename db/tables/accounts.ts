import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './columns';
import type { AttributeVisibilityMap, ProfileAttributes } from './people';

// Accounts, staff roles, sessions and sign-in (migrations/0002_accounts.ts and later).

export type StaffRole =
  | 'SUPER_ADMIN'
  | 'SUPPORT'
  | 'MARKETING'
  | 'FINANCE'
  | 'SECURITY'
  | 'ANALYTICS'
  | 'SALES';
export type AccountKind = 'individual' | 'organization';

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string | null;
  kind: AccountKind;
  first_name: string | null;
  last_name: string | null;
  org_name: string | null;
  handle: string | null;
  is_vendor: Generated<boolean>;
  is_candidate: Generated<boolean>;
  is_admin: Generated<boolean>;
  state: string | null;
  party: string | null;
  position: string | null;
  bio: string | null;
  profile_image: string | null;
  candidate_office: string | null;
  candidate_district: string | null;
  email_verified_at: Timestamp | null;
  blocked_at: Timestamp | null;
  blocked_reason: string | null;
  interests: ColumnType<string[], string[] | undefined, string[]>;
  setup_completed_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** { attribute: value | value[] } from the reference lists (api/contract/profile-attributes.ts). */
  profile_attributes: ColumnType<ProfileAttributes, ProfileAttributes | undefined, ProfileAttributes>;
  /** { attribute: visibility }; attributes not listed have their default visibility. */
  attribute_visibility: ColumnType<
    AttributeVisibilityMap,
    AttributeVisibilityMap | undefined,
    AttributeVisibilityMap
  >;
  /** Set when the account was deleted: the row stays as an anonymous tombstone. */
  deleted_at: Timestamp | null;
  /** Made by sign-up and not signed in yet: that first sign-in raises no alert (migrations/0035_sign_in_devices.ts). */
  first_sign_in_pending: Generated<boolean>;
}

/** A browser an account has signed in from: only the SHA-256 of its device cookie's token. */
export interface SignInDevicesTable {
  user_id: number;
  token_hash: string;
  first_seen_at: CreatedAt;
  last_seen_at: Timestamp;
}

export interface StaffMembersTable {
  user_id: number;
  role: StaffRole;
  department: string;
  title: string;
  extra_permissions: ColumnType<string[], string[] | undefined, string[]>;
  created_at: CreatedAt;
}

export interface RateLimitCountersTable {
  key: string;
  window_start: Date | string;
  hits: number;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  expires_at: Timestamp;
  created_at: CreatedAt;
  ip: string | null;
  user_agent: string | null;
  /** When this session proved a second factor (docs/decisions/0040-staff-two-factor-sign-in.md). */
  second_factor_at: Timestamp | null;
}

export type EmailTokenPurpose = 'verify_email' | 'reset_password' | 'change_email';

export interface EmailTokensTable {
  id: string;
  user_id: number;
  purpose: EmailTokenPurpose;
  email: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface SignInAttemptsTable {
  id: Generated<string>;
  email: string;
  user_id: number | null;
  ip: string;
  succeeded: boolean;
  reason: string | null;
  created_at: CreatedAt;
}
