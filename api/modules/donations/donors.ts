import { sql, type Transaction } from 'kysely';
import type { Db } from '../../../db/client';
import type { Database } from '../../../db/schema';
import { ForbiddenError } from '../errors';
import { emailKey, nameKey, zip5 } from './donor-keys';
import { joinPeople } from './donor-people';

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

/** What a gift says about who gives it, as the identity rule reads it. */
interface Identity {
  /** The gift's email key, and a member's account email key. */
  emails: string[];
  name: string;
  zip: string;
  /** The account the gift is made from (signed in) or names by its email (a guest); its email key. */
  account: { id: number; email: string } | null;
}

/** A donor row the identity rule matched. */
interface Match {
  id: number;
  user_id: number | null;
  email_key: string;
  by_name: boolean;
}

/**
 * Takes transaction-scoped advisory locks on every key a donor may be found by, in sorted order,
 * so two racing first gifts of one person wait for each other instead of creating two donors
 * (and two gifts of different people never deadlock).
 */
async function lockDonorKeys(trx: Trx, identity: Identity): Promise<void> {
  const keys = [
    ...identity.emails.map((email) => `donor-email:${email}`),
    `donor-name:${identity.name}|${identity.zip}`,
    ...(identity.account ? [`donor-user:${identity.account.id}`] : []),
  ];
  const sorted = [...new Set(keys)].sort();
  // One statement, taking the locks in the array's (sorted) order.
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(k, 0))
    FROM unnest(${sorted}::text[]) WITH ORDINALITY AS t(k, n) ORDER BY n`.execute(trx);
}

/**
 * Who is giving, for both paths: a signed-in member's account, or the account a guest's email
 * names. An organization account is refused either way.
 */
async function identityOf(trx: Trx, giver: Giver): Promise<Identity> {
  const email = emailKey(giver.email);
  const account =
    giver.userId !== null
      ? await trx
          .selectFrom('users')
          .select(['id', 'kind', 'email'])
          .where('id', '=', giver.userId)
          .executeTakeFirstOrThrow()
      : await trx
          .selectFrom('users')
          .select(['id', 'kind', 'email'])
          .where(sql<string>`lower(email)`, '=', email)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
  if (account?.kind === 'organization') throw new ForbiddenError(ORGANIZATION_REFUSED);
  const accountEmail = account ? emailKey(account.email) : null;
  return {
    emails: [...new Set([email, ...(accountEmail ? [accountEmail] : [])])],
    name: nameKey(giver.firstName, giver.lastName),
    zip: zip5(giver.zip),
    account: account && accountEmail ? { id: account.id, email: accountEmail } : null,
  };
}

/**
 * The identity rule (docs/decisions/0069-donations-one-identity-rule.md): a donor row is the
 * giver's if it has one of the gift's email keys, or its name key and ZIP, or its account. Every
 * row it matches is the same person, however the gift is made, oldest first.
 */
async function donorsMatching(trx: Trx, identity: Identity): Promise<Match[]> {
  const { account } = identity;
  return trx
    .selectFrom('donors')
    .select([
      'id',
      'user_id',
      'email_key',
      sql<boolean>`name_key = ${identity.name} AND zip5 = ${identity.zip}`.as('by_name'),
    ])
    .where((eb) =>
      eb.or([
        eb('email_key', 'in', identity.emails),
        eb.and([eb('name_key', '=', identity.name), eb('zip5', '=', identity.zip)]),
        ...(account ? [eb('user_id', '=', account.id)] : []),
      ]),
    )
    .orderBy('id')
    .execute();
}

/**
 * An account's own donor row: the one it owns; else, on its first gift, the earliest guest row
 * with its email, which it takes over; else a new row. A guest row found only by name and ZIP is
 * the same person but is not taken over: its gifts are not the member's to see.
 */
async function rowOfAccount(
  trx: Trx,
  account: { id: number; email: string },
  giver: Giver,
  matches: Match[],
): Promise<number> {
  const own = matches.find((m) => m.user_id === account.id);
  if (own) return own.id;
  const guest = matches.find((m) => m.user_id === null && m.email_key === account.email);
  if (guest) {
    await trx.updateTable('donors').set({ user_id: account.id }).where('id', '=', guest.id).execute();
    return guest.id;
  }
  return insertDonor(trx, { ...giver, email: account.email, userId: account.id });
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
 * The donor row a gift is recorded on: a member's own row; for a guest the earliest row with the
 * gift's email, else the row of the account that email names, else the earliest row with the
 * name and ZIP, else a new row.
 */
async function rowForGift(trx: Trx, giver: Giver, identity: Identity, matches: Match[]) {
  const { account } = identity;
  if (giver.userId !== null && account) return rowOfAccount(trx, account, giver, matches);
  const byEmail = matches.find((m) => m.email_key === emailKey(giver.email));
  if (byEmail) return byEmail.id;
  if (account) return rowOfAccount(trx, account, giver, matches);
  const byName = matches.find((m) => m.by_name);
  if (byName) return byName.id;
  return insertDonor(trx, giver);
}

/**
 * The donor a gift counts for, as the FEC aggregates by person
 * (docs/decisions/0021-campaign-donations.md, 0069-donations-one-identity-rule.md). One rule for
 * guests and members: every donor row matching the gift's email, name and ZIP, or account is one
 * person, and they are joined, so the limit counts all of them (ledger.ts). Returns the row the
 * gift is recorded on. Runs in the gift's transaction.
 */
export async function resolveDonor(trx: Trx, giver: Giver): Promise<number> {
  const identity = await identityOf(trx, giver);
  await lockDonorKeys(trx, identity);
  const matches = await donorsMatching(trx, identity);
  const donorId = await rowForGift(trx, giver, identity, matches);
  await joinPeople(trx, [donorId, ...matches.map((m) => m.id)]);
  return donorId;
}

/** The donor a signed-in member already is, if any (for the headroom the form shows). */
export async function donorIdOfMember(trx: Trx | Db, userId: number) {
  const row = await trx.selectFrom('donors').select('id').where('user_id', '=', userId).executeTakeFirst();
  return row?.id ?? null;
}
