import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { precompiled } from '../../db/precompiled';
import type { StaffRole, User } from '../../db/schema';
import { FEATURES } from '../contract/feature-names';
import { type Permission, permissionsFor } from '../contract/permissions';
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
  /** Present when asked for (`withHeader`): what a page's header shows, read in the same query. */
  header?: SessionHeaderData;
}

/**
 * The signed-in header's data besides the user (site/server/header-account.ts): read with the
 * session in one round trip, since every signed-in page needs both.
 */
export interface SessionHeaderData {
  unreadMessages: number;
  /** The campaign donations toggle; a toggle that does not exist counts as enabled. */
  campaignDonationsEnabled: boolean;
  /** An admin's staff permissions (null when not staff). */
  staffPermissions: Permission[] | null;
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
 * The session lookup, with or without the header's data. Every signed-in request runs it, and
 * building and compiling it through Kysely cost more CPU than the rest of a plain signed-in
 * route (issue 17), so each variant is compiled once per database handle (db/precompiled.ts)
 * and run with the session id put in its parameters.
 */
function sessionQuery(db: Db, sessionId: string, withHeader: boolean) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .$if(withHeader, (q) =>
      q
        .leftJoin('staff_members', (join) =>
          join.onRef('staff_members.user_id', '=', 'users.id').on('users.is_admin', '=', true),
        )
        .select((eb) => [
          'staff_members.role as staff_role',
          'staff_members.extra_permissions as staff_extra_permissions',
          // Vendors have no messaging: their badge is 0 without counting (the partial index
          // messages_unread makes the count cheap for everyone else).
          eb
            .case()
            .when('users.is_vendor', '=', true)
            .then(sql<number>`0`)
            .else(
              eb
                .selectFrom('messages')
                .select((m) => m.fn.countAll<number>().as('n'))
                .whereRef('messages.recipient_id', '=', 'users.id')
                .where('messages.read_at', 'is', null),
            )
            .end()
            .as('unread_messages'),
          eb
            .selectFrom('feature_toggles')
            .select('feature_toggles.enabled')
            .where('feature_toggles.name', '=', FEATURES.campaignDonations)
            .as('campaign_donations_enabled'),
        ]),
    )
    .select((eb) => [
      // Whether members must prove a second factor (the SUPER_ADMIN's toggle): read here so the
      // gate in front of every request costs no extra round trip.
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
    .where('sessions.id', '=', sessionId);
}

/** A value no session id can be (ids are hex digests): marks the parameter to fill in. */
const SESSION_ID_SLOT = '\u0000session-id';
// Lookups by primary key and a feature toggle's name: one plan serves every session (db/generic-plans.ts).
const sessionWithHeader = precompiled(
  (db: Db, sessionId: string) => sessionQuery(db, sessionId, true),
  [SESSION_ID_SLOT] as const,
  { genericPlan: true },
);
const sessionAlone = precompiled(
  (db: Db, sessionId: string) => sessionQuery(db, sessionId, false),
  [SESSION_ID_SLOT] as const,
  { genericPlan: true },
);

async function readSession(db: Db, sessionId: string, withHeader: boolean) {
  return (await (withHeader ? sessionWithHeader : sessionAlone)(db, sessionId))[0];
}

/**
 * Looks the session up by the token's hash. Expired sessions and blocked users are deleted
 * on sight. Sliding expiry: once less than half the lifetime is left, it is renewed.
 */
export async function validateSessionToken(
  db: Db,
  token: string,
  options: { withHeader?: boolean } = {},
): Promise<ValidatedSession | null> {
  const sessionId = hashToken(token);
  const row = await readSession(db, sessionId, options.withHeader === true);
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
  const session: ValidatedSession = {
    sessionId,
    expiresAt,
    renewed,
    secondFactor: row.second_factor_at !== null,
    // Staff are held by their permissions instead (api/modules/staff/access.ts).
    secondFactorOwed:
      row.second_factor_at === null && !row.is_admin && row.members_second_factor_required === true,
    user: toSessionUser(row),
  };
  if (options.withHeader) {
    const extra = row as typeof row & {
      staff_role?: StaffRole | null;
      staff_extra_permissions?: string[] | null;
      unread_messages?: number | string | null;
      campaign_donations_enabled?: boolean | null;
    };
    session.header = {
      unreadMessages: Number(extra.unread_messages ?? 0),
      campaignDonationsEnabled: extra.campaign_donations_enabled ?? true,
      staffPermissions: extra.staff_role
        ? permissionsFor(extra.staff_role, extra.staff_extra_permissions ?? [])
        : null,
    };
  }
  return session;
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
