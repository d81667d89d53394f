import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import type { Db } from '../../../db/client';
import { hashToken } from '../../auth/tokens';

/** Ten codes, shown once at enrolment; each signs in once when the authenticator is lost. */
export const RECOVERY_CODE_COUNT = 10;

/** 50 random bits as ten base32 letters, shown as two groups of five: "k3f9q-7mzt2". */
function newRecoveryCode(): string {
  const bytes = new Uint8Array(7);
  crypto.getRandomValues(bytes);
  const letters = encodeBase32LowerCaseNoPadding(bytes).slice(0, 10);
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

/** What is stored and compared: lower case, without the dash or spaces people type. */
function recoveryCodeHash(code: string): string {
  return hashToken(code.toLowerCase().replace(/[\s-]/g, ''));
}

/** Replaces the account's codes with a fresh set; returns them in clear, the only time they exist. */
export async function replaceRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_factor_recovery_codes')
    .values(codes.map((code) => ({ user_id: userId, code_hash: recoveryCodeHash(code) })))
    .execute();
  return codes;
}

/** Spends a code: true once, false for an unknown or already used one (a conditional update, so two racing uses get one true). */
export async function spendRecoveryCode(db: Db, userId: number, code: string): Promise<boolean> {
  if (code.replace(/[\s-]/g, '').length === 0 || code.length > 40) return false;
  const spent = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', recoveryCodeHash(code))
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return spent !== undefined;
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
