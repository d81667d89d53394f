import type { Db } from '../../db/client';
import type { User } from '../../db/schema';
import { FEATURES } from '../contract/feature-names';
import type { SessionUser } from '../contract/session-user';
import { generateToken, hashToken } from './tokens';

export const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_MS = SESSION_DAYS * DAY_MS;

export interface ValidatedSession {
  sessionId: string;
  expiresAt: Date;
  /** True when the expiry was pushed forward and the cookie must be re-sent. */
  renewed: boolean;
  /** The session proved a second factor (docs/decisions/0040-staff-two-factor-sign-in.md). */
  secondFactor: boolean;
  /**
   * A member who must set up two-factor sign-in first: the toggle requires it of members and this
   * session proved none (enrolled members prove it at sign-in, so this is one not enrolled yet).
   */
  secondFactorOwed: boolean;
  user: SessionUser;
}

export async function createSession(
  db: Db,
  userId: number,
  meta: { ip: string; userAgent?: string; secondFactor?: boolean },
): Promise<{ token: string; expiresAt: Date }> {
  const token = generateToken();
  const expiresAt = new Date(Date.now() + SESSION_MS);
  await db
    .insertInto('sessions')
    .values({
      id: hashToken(token),
      user_id: userId,
      expires_at: expiresAt,
      ip: meta.ip,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
      second_factor_at: meta.secondFactor ? new Date() : null,
    })
    .execute();
  return { token, expiresAt };
}

/**
 * The session with its user and what decides whether the session may be used: its expiry, the
 * user's block, and its second factor against the members' two-factor toggle (read here so the
 * gate in front of every request costs no extra round trip). Lookups by primary key and a feature
 * toggle's name.
 */
async function readSession(db: Db, sessionId: string) {
  const [row] = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select((eb) => [
      eb
        .selectFrom('feature_toggles')
        .select('feature_toggles.enabled')
        .where('feature_toggles.name', '=', FEATURES.twoFactorForMembers)
        .as('members_second_factor_required'),
      'sessions.expires_at',
      'sessions.second_factor_at',
      'users.id',
      'users.kind',
      'users.first_name',
      'users.last_name',
      'users.org_name',
      'users.handle',
      'users.is_vendor',
      'users.is_candidate',
      'users.is_admin',
      'users.profile_image',
      'users.blocked_at',
    ])
    .where('sessions.id', '=', sessionId)
    .execute();
  return row;
}

/**
 * Looks the session up by the token's hash. Expired sessions and blocked users are deleted
 * on sight. Sliding expiry: once less than half the lifetime is left, it is renewed.
 */
export async function validateSessionToken(db: Db, token: string): Promise<ValidatedSession | null> {
  const sessionId = hashToken(token);
  const row = await readSession(db, sessionId);
  if (!row) return null;
  const now = Date.now();
  let expiresAt = new Date(row.expires_at);
  if (expiresAt.getTime() <= now || row.blocked_at) {
    await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
    return null;
  }
  let renewed = false;
  if (expiresAt.getTime() - now < SESSION_MS / 2) {
    expiresAt = new Date(now + SESSION_MS);
    await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', sessionId).execute();
    renewed = true;
  }
  return {
    sessionId,
    expiresAt,
    renewed,
    secondFactor: row.second_factor_at !== null,
    // Staff are held by their permissions instead (api/modules/staff/access.ts).
    secondFactorOwed:
      row.second_factor_at === null && !row.is_admin && row.members_second_factor_required === true,
    user: toSessionUser(row),
  };
}

export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Signs a user out everywhere: after a password reset, a block, or at their request. */
export async function invalidateUserSessions(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

type SessionUserRow = Pick<
  User,
  | 'id'
  | 'kind'
  | 'first_name'
  | 'last_name'
  | 'org_name'
  | 'handle'
  | 'is_vendor'
  | 'is_candidate'
  | 'is_admin'
  | 'profile_image'
>;

export function toSessionUser(row: SessionUserRow): SessionUser {
  const personal = `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim();
  return {
    id: row.id,
    name: row.kind === 'organization' ? (row.org_name ?? '') : personal,
    orgname: row.org_name,
    role: row.kind,
    vendor: row.is_vendor,
    candidate: row.is_candidate,
    admin: row.is_admin,
    handle: row.handle,
    profileImage: row.profile_image,
  };
}
