import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { avatarUrlFor } from '../contract/avatars';
import { DEMO_EMAIL_DOMAIN } from './demo-accounts';
import { memberAt } from './members';

/**
 * Demo data for the staff console: coupons, red flags, blocked addresses, a blocked account
 * and a history of failed sign-ins. Idempotent: every row is inserted only when missing, so
 * a rerun writes nothing. Addresses are from the documentation ranges (RFC 5737), and every
 * failed sign-in is hours old, so none of it touches a real visitor or the sign-in rate limit.
 */
export interface ConsoleDemoCounts {
  coupons: number;
  redFlags: number;
  blockedIps: number;
  signInAttempts: number;
}

const COUPONS = [
  {
    code: 'WELCOME10',
    kind: 'percent',
    amount: 10,
    min_subtotal_cents: 0,
    max_redemptions: null,
    ends_at: null,
  },
  {
    code: 'SHIP5',
    kind: 'fixed',
    amount: 500,
    min_subtotal_cents: 2500,
    max_redemptions: 500,
    ends_at: null,
  },
  {
    code: 'VOLUNTEER25',
    kind: 'percent',
    amount: 25,
    min_subtotal_cents: 4000,
    max_redemptions: 100,
    ends_at: '2027-12-31T23:59:59.000Z',
  },
  {
    code: 'PRIMARY2026',
    kind: 'fixed',
    amount: 1000,
    min_subtotal_cents: 5000,
    max_redemptions: null,
    ends_at: '2026-06-30T23:59:59.000Z',
  },
] as const;

const BLOCKED_IPS = [
  { ip: '203.0.113.45', reason: 'Credential stuffing: hundreds of failed sign-ins across accounts' },
  { ip: '198.51.100.23', reason: 'Automated sign-ups posting spam' },
];

export const BLOCKED_DEMO_EMAIL = 'spam-account@blocked.campaignhq.test';

/** [ip, email, reason, hours ago, how many] */
const FAILED_SIGN_INS: [string, string, string, number, number][] = [
  ['203.0.113.45', 'admin@campaignhq.org', 'invalid', 30, 6],
  ['203.0.113.45', 'finance@campaignhq.org', 'invalid', 29, 4],
  ['203.0.113.45', 'admin@campaignhq.org', 'rate_limited', 28, 3],
  ['192.0.2.77', `candidate@${DEMO_EMAIL_DOMAIN}`, 'invalid', 6, 3],
  ['198.51.100.23', BLOCKED_DEMO_EMAIL, 'blocked', 12, 2],
  ['192.0.2.200', 'unknown.person@example.org', 'invalid', 3, 1],
];

/** [member index, target type, reason value, details, status] */
const RED_FLAGS: [number, 'profile' | 'message' | 'post' | 'job', string, string, 'open' | 'resolved'][] = [
  [12, 'profile', 'impersonation', 'Uses a sitting senator’s name and photo.', 'open'],
  [40, 'message', 'harassment', 'Repeated insulting messages after I declined to volunteer.', 'open'],
  [77, 'post', 'misinformation', 'Post gives the wrong date for the general election.', 'open'],
  [105, 'job', 'scam_or_fraud', 'Job asks applicants to pay a “training fee”.', 'open'],
  [150, 'profile', 'spam', 'Profile bio is a list of links to a betting site.', 'resolved'],
];

export async function seedConsoleDemo(db: Db): Promise<ConsoleDemoCounts> {
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', `admin@${DEMO_EMAIL_DOMAIN}`)
    .executeTakeFirst();
  const reporter = await db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', `member@${DEMO_EMAIL_DOMAIN}`)
    .executeTakeFirst();

  const coupons = await db
    .insertInto('coupons')
    .values(COUPONS.map((c) => ({ ...c, created_by: admin?.id ?? null })))
    .onConflict((oc) => oc.expression(sql`lower(code)`).doNothing())
    .returning('id')
    .execute();

  const blockedIps = await db
    .insertInto('blocked_ips')
    .values(BLOCKED_IPS.map((b) => ({ ...b, blocked_by: admin?.id ?? null })))
    .onConflict((oc) => oc.column('ip').doNothing())
    .returning('ip')
    .execute();

  await db
    .insertInto('users')
    .values({
      email: BLOCKED_DEMO_EMAIL,
      password_hash: null,
      kind: 'individual',
      first_name: 'Spam',
      last_name: 'Account',
      org_name: null,
      handle: null,
      state: null,
      party: null,
      position: null,
      bio: null,
      profile_image: avatarUrlFor('Spam Account', BLOCKED_DEMO_EMAIL),
      candidate_office: null,
      candidate_district: null,
      email_verified_at: '2025-01-10T10:00:00.000Z',
      blocked_at: '2025-01-12T09:30:00.000Z',
      blocked_reason: 'Sent the same link to 400 members',
      setup_completed_at: '2025-01-10T10:05:00.000Z',
      created_at: '2025-01-10T10:00:00.000Z',
      updated_at: '2025-01-12T09:30:00.000Z',
    })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .execute();

  // The failed sign-in history is written once, the first time, relative to that moment.
  let signInAttempts = 0;
  const seeded = await db
    .selectFrom('sign_in_attempts')
    .select('id')
    .where(
      'ip',
      'in',
      FAILED_SIGN_INS.map(([ip]) => ip),
    )
    .limit(1)
    .executeTakeFirst();
  if (!seeded) {
    const rows = FAILED_SIGN_INS.flatMap(([ip, email, reason, hoursAgo, count]) =>
      Array.from({ length: count }, (_, i) => ({
        ip,
        email,
        reason,
        succeeded: false,
        user_id: null,
        created_at: new Date(Date.now() - hoursAgo * 3_600_000 + i * 40_000),
      })),
    );
    await db.insertInto('sign_in_attempts').values(rows).execute();
    signInAttempts = rows.length;
  }

  let redFlags = 0;
  for (const [index, targetType, reason, details, status] of RED_FLAGS) {
    // Reports are about generated members; with fewer members seeded, the report is left out.
    const target = await db
      .selectFrom('users')
      .select('id')
      .where(sql`lower(email)`, '=', memberAt(index).email.toLowerCase())
      .executeTakeFirst();
    if (!target) continue;
    const targetId = String(target.id);
    const exists = await db
      .selectFrom('red_flags')
      .select('id')
      .where('target_type', '=', targetType)
      .where('target_id', '=', targetId)
      .where('reason', '=', reason)
      .executeTakeFirst();
    if (exists) continue;
    const resolved = status === 'resolved';
    await db
      .insertInto('red_flags')
      .values({
        reporter_id: reporter?.id ?? null,
        target_type: targetType,
        target_id: targetId,
        reason,
        details,
        status,
        action_taken: resolved ? 'Links removed and the member warned.' : null,
        reviewer_id: resolved ? (admin?.id ?? null) : null,
        reviewed_at: resolved ? new Date() : null,
      })
      .execute();
    redFlags += 1;
  }

  return { coupons: coupons.length, redFlags, blockedIps: blockedIps.length, signInAttempts };
}
