import { sql, type Transaction } from 'kysely';
import type { Db } from '../../../db/client';
import type { Database } from '../../../db/schema';
import { ForbiddenError } from '../errors';
import { emailKey, nameKey, zip5 } from './donor-keys';

type Trx = Transaction<Database>;

export const ORGANIZATION_REFUSED = 'Organization accounts cannot donate to candidates.';

export interface Giver {
  /** The signed-in member, if any. */
  userId: number | null;
  email: string;
  firstName: string;
  lastName: string;
  zip: string;
}

/**
 * Takes transaction-scoped advisory locks on every key a donor may be found by, in sorted order,
 * so two racing first gifts of one person wait for each other instead of creating two donors
 * (and two gifts of different people never deadlock).
 */
async function lockDonorKeys(trx: Trx, keys: string[]): Promise<void> {
  const sorted = [...new Set(keys)].sort();
  // One statement, taking the locks in the array's (sorted) order.
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(k, 0))
    FROM unnest(${sorted}::text[]) WITH ORDINALITY AS t(k, n) ORDER BY n`.execute(trx);
}

async function donorOfUser(trx: Trx, userId: number, giver: Giver, key: { email: string }) {
  const own = await trx.selectFrom('donors').select('id').where('user_id', '=', userId).executeTakeFirst();
  if (own) return own.id;
  // A guest donor with this member's email becomes the member's (docs/decisions/0021-campaign-donations.md).
  const guest = await trx
    .selectFrom('donors')
    .select('id')
    .where('email_key', '=', key.email)
    .where('user_id', 'is', null)
    .orderBy('id')
    .executeTakeFirst();
  if (guest) {
    await trx.updateTable('donors').set({ user_id: userId }).where('id', '=', guest.id).execute();
    return guest.id;
  }
  return insertDonor(trx, { ...giver, userId });
}

async function insertDonor(trx: Trx, giver: Giver): Promise<number> {
  const row = await trx
    .insertInto('donors')
    .values({
      user_id: giver.userId,
      email_key: emailKey(giver.email),
      name_key: nameKey(giver.firstName, giver.lastName),
      zip5: zip5(giver.zip),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The donor a gift counts for, as the FEC aggregates by person (docs/decisions/0021-campaign-donations.md): a member is
 * one donor; a guest joins the donor with the same email, else the member with that email, else
 * the donor with the same normalized name and ZIP; otherwise a new donor. An organization account,
 * signed in or named by the guest's email, is refused. Runs in the gift's transaction.
 */
export async function resolveDonor(trx: Trx, giver: Giver): Promise<number> {
  const keys = { email: emailKey(giver.email), name: nameKey(giver.firstName, giver.lastName) };
  const zip = zip5(giver.zip);
  if (giver.userId !== null) {
    const member = await trx
      .selectFrom('users')
      .select(['kind', 'email'])
      .where('id', '=', giver.userId)
      .executeTakeFirstOrThrow();
    if (member.kind === 'organization') throw new ForbiddenError(ORGANIZATION_REFUSED);
    const memberEmail = emailKey(member.email);
    await lockDonorKeys(trx, [`donor-email:${memberEmail}`, `donor-user:${giver.userId}`]);
    return donorOfUser(trx, giver.userId, giver, { email: memberEmail });
  }
  const account = await trx
    .selectFrom('users')
    .select(['id', 'kind'])
    .where(sql<string>`lower(email)`, '=', keys.email)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (account?.kind === 'organization') throw new ForbiddenError(ORGANIZATION_REFUSED);
  await lockDonorKeys(trx, [
    `donor-email:${keys.email}`,
    `donor-name:${keys.name}|${zip}`,
    ...(account ? [`donor-user:${account.id}`] : []),
  ]);
  // The earliest donor with this email, else (no member has it) the earliest with this name and ZIP.
  const found = await trx
    .selectFrom('donors')
    .select(['id', sql<boolean>`email_key = ${keys.email}`.as('by_email')])
    .where((eb) =>
      eb.or([
        eb('email_key', '=', keys.email),
        eb.and([eb('name_key', '=', keys.name), eb('zip5', '=', zip)]),
      ]),
    )
    .orderBy(sql`email_key = ${keys.email}`, 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (found?.by_email) return found.id;
  if (account) return donorOfUser(trx, account.id, { ...giver, userId: account.id }, keys);
  if (found) return found.id;
  return insertDonor(trx, giver);
}

/** The donor a signed-in member already is, if any (for the headroom the form shows). */
export async function donorIdOfMember(trx: Trx | Db, userId: number) {
  const row = await trx.selectFrom('donors').select('id').where('user_id', '=', userId).executeTakeFirst();
  return row?.id ?? null;
}
