import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { EmailTokenPurpose } from '../../../db/schema';
import { generateToken, hashToken } from '../../auth/tokens';

export const TOKEN_LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 48 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
  change_email: 24 * 60 * 60 * 1000,
};

/** Issues a single-use token; earlier unused tokens of the same purpose stop working. */
export async function issueEmailToken(
  db: Db,
  userId: number,
  purpose: EmailTokenPurpose,
  email: string,
  lifetimeMs = TOKEN_LIFETIME_MS[purpose],
) {
  const token = generateToken();
  await db
    .updateTable('email_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('email_tokens')
    .values({
      id: hashToken(token),
      user_id: userId,
      purpose,
      email,
      expires_at: new Date(Date.now() + lifetimeMs),
    })
    .execute();
  return token;
}

/**
 * Marks the token used and returns it, in one conditional update: two clicks racing on the
 * same link cannot both succeed. Null when unknown, used, expired or of another purpose.
 */
export async function consumeEmailToken(db: Db, token: string, purpose: EmailTokenPurpose) {
  return db
    .updateTable('email_tokens')
    .set({ used_at: new Date() })
    .where('id', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['user_id', 'email'])
    .executeTakeFirst();
}
