import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { DEMO_ACCOUNTS } from './demo-accounts';

/**
 * Every demo staff account has two-factor sign-in on with this one secret (README, "Demo logins";
 * docs/decisions/0040-staff-two-factor-sign-in.md): add it to an authenticator app, or print the
 * current code with `npx tsx api/seed/demo-two-factor-code.ts`. A demo value, public like the demo
 * password; real accounts get a random secret when they enrol.
 */
export const DEMO_TOTP_SECRET = 'CAMPAIGNHQDEMOSTAFFTWOFACTORKEY2';

export const demoTotpKey = (): Uint8Array => decodeBase32IgnorePadding(DEMO_TOTP_SECRET);

/** Enrols the demo staff accounts that are not enrolled yet (reruns change nothing). */
export async function seedDemoTwoFactor(db: Db): Promise<number> {
  const emails = DEMO_ACCOUNTS.filter((a) => a.staff).map((a) => a.user.email.toLowerCase());
  const staff = await db.selectFrom('users').select('id').where(sql`lower(email)`, 'in', emails).execute();
  if (staff.length === 0) return 0;
  const added = await db
    .insertInto('two_factor_credentials')
    .values(
      staff.map((u) => ({
        user_id: u.id,
        secret: demoTotpKey(),
        confirmed_at: new Date('2024-06-03T15:07:00.000Z'),
        last_used_step: null,
      })),
    )
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .execute();
  return added.length;
}
