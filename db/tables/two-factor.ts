import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './columns';

/** Two-factor sign-in (migrations/0028_staff_two_factor.ts). */
export interface TwoFactorCredentialsTable {
  user_id: number;
  /** The 20-byte TOTP key; never sent to the browser once enrolment is confirmed. */
  secret: Uint8Array;
  confirmed_at: Timestamp | null;
  /** bigint: postgres.js answers a string, PGlite a number. */
  last_used_step: ColumnType<string | number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
}

export interface TwoFactorRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface SignInChallengesTable {
  /** SHA-256 of the challenge cookie's token. */
  id: string;
  user_id: number;
  email: string;
  ip: string;
  failures: Generated<number>;
  expires_at: Timestamp;
  created_at: CreatedAt;
}
