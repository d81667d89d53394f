import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db/client';
import { ConflictError, NotFoundError } from '../errors';
import { hitRateLimit, type RateLimitRule } from '../rate-limits/service';

export const JOINS_PER_MEMBER: RateLimitRule = { name: 'affiliate-join', limit: 5, windowSeconds: 600 };

// No 0/O or 1/I: codes are read aloud and typed from print.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

function newCode(): string {
  return [...randomBytes(CODE_LENGTH)].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

/** A referral code as the URL carries it: the affiliate's code, any case. Anything else is no code. */
export function normalizeCode(raw: string): string | null {
  const code = raw.trim().toUpperCase();
  return /^[A-Z0-9]{4,16}$/.test(code) ? code : null;
}

export async function affiliateOfUser(db: Db, userId: number) {
  return db.selectFrom('affiliates').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/**
 * A member joins the affiliate program and gets a referral code; joining again answers the code
 * they already have. Staff accounts may not join (they can see and settle payouts).
 */
export async function joinAffiliateProgram(db: Db, userId: number): Promise<{ code: string }> {
  await hitRateLimit(db, JOINS_PER_MEMBER, String(userId));
  const existing = await affiliateOfUser(db, userId);
  if (existing) return { code: existing.code };
  const user = await db
    .selectFrom('users')
    .leftJoin('staff_members', 'staff_members.user_id', 'users.id')
    .select(['users.id', 'staff_members.user_id as staff_id'])
    .where('users.id', '=', userId)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user) throw new NotFoundError('This account does not exist.');
  if (user.staff_id !== null) throw new ConflictError('Staff accounts cannot join the affiliate program.');
  // A clash of random codes is rare; try a few before giving up.
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await db
      .insertInto('affiliates')
      .values({ user_id: userId, code: newCode() })
      .onConflict((oc) => oc.doNothing())
      .returning('code')
      .executeTakeFirst();
    if (row) return row;
    const mine = await affiliateOfUser(db, userId);
    if (mine) return { code: mine.code };
  }
  throw new ConflictError('Could not create a referral code. Please try again.');
}
