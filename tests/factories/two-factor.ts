import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { sql } from 'kysely';
import { totpCodeForStep, totpStep } from '../../api/modules/accounts/totp';
import { DEMO_TOTP_SECRET, demoTotpKey } from '../../api/seed/demo-two-factor';
import type { Db } from '../../db/client';

/**
 * The current code of a demo staff account (they share the demo secret), or null for any other
 * account. Tests sign the same demo staff in many times within one 30-second step, which the
 * replay rule would refuse, so the account's last used step is forgotten first: that rule has its
 * own tests (api/modules/accounts/totp.test.ts, tests/integration/accounts/two-factor-sign-in.test.ts).
 */
export async function demoStaffCode(t: { db: Db }, email: string): Promise<string | null> {
  const row = await t.db
    .selectFrom('two_factor_credentials')
    .innerJoin('users', 'users.id', 'two_factor_credentials.user_id')
    .select(['users.id', 'two_factor_credentials.secret'])
    .where(sql`lower(users.email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  if (!row || !sameBytes(row.secret, demoTotpKey())) return null;
  await t.db
    .updateTable('two_factor_credentials')
    .set({ last_used_step: null })
    .where('user_id', '=', row.id)
    .execute();
  return totpCodeForStep(demoTotpKey(), totpStep(Date.now()));
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

export { DEMO_TOTP_SECRET };

/**
 * Enrols the browser's signed-in account as the console's panel does (twoFactor.startEnrolment,
 * then confirmEnrolment with the current code); answers the recovery codes.
 */
export async function enrolSecondFactor(browser: {
  trpc: (path: string, input?: unknown) => Promise<Response>;
}): Promise<string[]> {
  const started = (await (await browser.trpc('twoFactor.startEnrolment')).json()) as {
    result: { data: { json: { secret: string } } };
  };
  const secret = decodeBase32IgnorePadding(started.result.data.json.secret);
  const confirmed = await browser.trpc('twoFactor.confirmEnrolment', {
    code: totpCodeForStep(secret, totpStep(Date.now())),
  });
  if (confirmed.status !== 200)
    throw new Error(`Enrolment answered ${confirmed.status}: ${await confirmed.text()}`);
  const body = (await confirmed.json()) as { result: { data: { json: { recoveryCodes: string[] } } } };
  return body.result.data.json.recoveryCodes;
}
