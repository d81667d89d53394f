import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { DemoAccount } from './demo-accounts';
import { demoTotpKey } from './demo-two-factor';
import { type UpsertResult, upsertUsers } from './user-rows';

/**
 * The one way accounts are made outside the sign-up flow: the demo seed makes every demo account
 * with it, and tests make the few accounts they use (tests/factories/accounts.ts). Each account
 * gets its user row with the password hash `passwordHashOf` gives for its email, and a staff
 * account its staff row and the demo second factor (staff sessions hold permissions only after
 * the second factor, decision 0040). Rerunning with the same accounts and hashes changes nothing.
 */
export async function buildAccounts(
  db: Db,
  accounts: readonly DemoAccount[],
  passwordHashOf: (email: string) => string,
): Promise<UpsertResult & { enrolled: number }> {
  const written = await upsertUsers(
    db,
    accounts.map((a) => ({
      ...a.user,
      password_hash: passwordHashOf(a.user.email),
      blocked_at: null,
      // updated_at = created_at keeps the rows identical across fresh databases (bar the hash's salt).
      updated_at: a.user.created_at,
    })),
  );
  const staff = accounts.filter((a) => a.staff);
  if (staff.length === 0) return { ...written, enrolled: 0 };
  const ids = await idsByEmail(
    db,
    staff.map((a) => a.user.email),
  );
  await upsertStaffRows(db, staff, ids);
  const enrolled = await enrolDemoSecondFactor(db, [...ids.values()]);
  return { ...written, enrolled };
}

async function idsByEmail(db: Db, emails: readonly string[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('users')
    .select(['id', sql<string>`lower(email)`.as('email')])
    .where(
      sql`lower(email)`,
      'in',
      emails.map((e) => e.toLowerCase()),
    )
    .execute();
  return new Map(rows.map((r) => [r.email, r.id]));
}

async function upsertStaffRows(
  db: Db,
  accounts: readonly DemoAccount[],
  ids: Map<string, number>,
): Promise<void> {
  const rows = accounts.map((a) => ({
    user_id: ids.get(a.user.email.toLowerCase())!,
    ...a.staff!,
    created_at: a.user.created_at,
  }));
  await db
    .insertInto('staff_members')
    .values(rows)
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet((eb) => ({
          role: eb.ref('excluded.role'),
          department: eb.ref('excluded.department'),
          title: eb.ref('excluded.title'),
          extra_permissions: sql`'{}'::text[]`,
        }))
        .where(
          sql<boolean>`(staff_members.role, staff_members.department, staff_members.title, staff_members.extra_permissions)
            IS DISTINCT FROM (excluded.role, excluded.department, excluded.title, '{}'::text[])`,
        ),
    )
    .execute();
}

/** Staff accounts made here sign in with the demo second factor; one already enrolled keeps its own. */
async function enrolDemoSecondFactor(db: Db, userIds: readonly number[]): Promise<number> {
  const added = await db
    .insertInto('two_factor_credentials')
    .values(
      userIds.map((id) => ({
        user_id: id,
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
