import { hashPassword } from '../../api/auth/passwords';
import { buildAccounts } from '../../api/seed/accounts';
import {
  account,
  DEMO_ACCOUNTS,
  DEMO_EMAIL_DOMAIN,
  DEMO_PASSWORD,
  type DemoAccount,
  type Persona,
} from '../../api/seed/demo-accounts';
import type { Db } from '../../db/client';
import type { StaffRole } from '../../db/schema';

/** A demo login's local part: 'member', 'candidate', 'admin', 'finance', … (api/seed/demo-accounts.ts). */
export type DemoLogin =
  | 'member'
  | 'organization'
  | 'vendor'
  | 'candidate'
  | 'admin'
  | 'support'
  | 'marketing'
  | 'finance'
  | 'security'
  | 'analytics'
  | 'sales';

/** The seven demo staff logins, one per role. */
export const DEMO_STAFF = [
  'admin',
  'support',
  'marketing',
  'finance',
  'security',
  'analytics',
  'sales',
] as const;

export interface MadeAccount {
  id: number;
  email: string;
}

/**
 * Makes the named demo logins in this test's database, as the demo seed makes them (same rows,
 * staff roles and second factor, password DEMO_PASSWORD): a test that signs in as the demo member
 * and the finance lead makes those two accounts, not the whole demo.
 */
export async function demoAccounts<L extends DemoLogin>(
  db: Db,
  ...logins: L[]
): Promise<Record<L, MadeAccount>> {
  const wanted = logins.map((login) => {
    const found = DEMO_ACCOUNTS.find((a) => a.user.email === `${login}@${DEMO_EMAIL_DOMAIN}`);
    if (!found) throw new Error(`No demo login ${login}`);
    return found;
  });
  const ids = await make(db, wanted);
  return Object.fromEntries(logins.map((login, i) => [login, ids[i]!])) as Record<L, MadeAccount>;
}

/** One more account, `local`@demo.campaignhq.test with the demo password: a member unless `persona` says otherwise. */
export async function makeAccount(db: Db, local: string, persona: Persona = {}): Promise<MadeAccount> {
  const [made] = await make(db, [
    { kind: 'test account', user: account(local, { first_name: 'Test', last_name: local, ...persona }) },
  ]);
  return made!;
}

/** A staff account with `role`, signed in through the demo second factor like the demo staff. */
export async function makeStaff(
  db: Db,
  local: string,
  role: StaffRole,
  persona: Persona = {},
): Promise<MadeAccount> {
  const [made] = await make(db, [
    {
      kind: `Staff: ${role}`,
      user: account(local, { first_name: 'Staff', last_name: local, is_admin: true, ...persona }),
      staff: { role, department: 'Test', title: `${role} tester` },
    },
  ]);
  return made!;
}

/** One argon2id hash of the demo password per process: hashing is deliberately slow. */
let demoPasswordHash: Promise<string> | undefined;

async function make(db: Db, accounts: DemoAccount[]): Promise<MadeAccount[]> {
  demoPasswordHash ??= hashPassword(DEMO_PASSWORD);
  const hash = await demoPasswordHash;
  await buildAccounts(db, accounts, () => hash);
  const emails = accounts.map((a) => a.user.email);
  const rows = await db.selectFrom('users').select(['id', 'email']).where('email', 'in', emails).execute();
  const idOf = new Map(rows.map((r) => [r.email, r.id]));
  return emails.map((email) => ({ id: idOf.get(email)!, email }));
}
