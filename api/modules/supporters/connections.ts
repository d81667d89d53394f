import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { NotFoundError } from '../errors';
import { accountName } from './names';

/**
 * What campaigns hold about a person, as the person sees it on their settings page, and the way
 * to disconnect (docs/decisions/0100-supporters.md). A person is their account and, once their
 * email is verified, the gifts and sign-ups they made as a guest with that email.
 */

/** The person's supporter rows: by account, and by their verified email among guest rows. */
async function ownRows(db: Db, userId: number) {
  const me = await db
    .selectFrom('users')
    .select(['email', 'email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  const emailKey = me?.email_verified_at ? me.email.trim().toLowerCase() : null;
  return db
    .selectFrom('supporters as s')
    .where('s.disconnected_at', 'is', null)
    .where((eb) =>
      emailKey
        ? eb.or([eb('s.user_id', '=', userId), eb('s.email_key', '=', emailKey)])
        : eb('s.user_id', '=', userId),
    );
}

export interface CampaignHolding {
  ownerId: number;
  campaign: string;
  follows: boolean;
  gifts: number;
  events: number;
  monthly: boolean;
  email: boolean;
  tags: number;
  notes: number;
}

/** Each campaign that holds something about the person, with what it holds. */
export async function campaignsHolding(db: Db, userId: number): Promise<CampaignHolding[]> {
  const rows = await (await ownRows(db, userId))
    .innerJoin('users as o', 'o.id', 's.owner_id')
    .select([
      's.owner_id as ownerId',
      sql<string>`coalesce(${accountName('o')}, '')`.as('campaign'),
      sql<boolean>`bool_or(s.follows)`.as('follows'),
      sql<number>`sum(s.gifts)::int`.as('gifts'),
      sql<number>`sum(s.events)::int`.as('events'),
      sql<boolean>`bool_or(s.monthly_cents > 0)`.as('monthly'),
      sql<boolean>`bool_or(s.email IS NOT NULL)`.as('email'),
      sql<number>`(SELECT count(*)::int FROM supporter_taggings t WHERE t.supporter_id = ANY(array_agg(s.id)))`.as(
        'tags',
      ),
      sql<number>`(SELECT count(*)::int FROM supporter_notes n WHERE n.supporter_id = ANY(array_agg(s.id)))`.as(
        'notes',
      ),
    ])
    .groupBy(['s.owner_id', 'o.kind', 'o.org_name', 'o.first_name', 'o.last_name'])
    .orderBy('campaign')
    .execute();
  return rows;
}

/**
 * The person leaves a campaign's list: their follow ends, the campaign's tags and notes about them
 * are deleted, and the campaign no longer sees them among its supporters or emails them from its
 * lists. Their gifts stay in the campaign's compliance records, as the law requires; a new follow,
 * gift or sign-up connects them again.
 */
export async function disconnectFrom(db: Db, userId: number, ownerId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const ids = (
      await (await ownRows(trx, userId)).select('s.id').where('s.owner_id', '=', ownerId).execute()
    ).map((r) => r.id);
    if (ids.length === 0) throw new NotFoundError('This campaign holds nothing about you.');
    await trx
      .deleteFrom('follows')
      .where('follower_id', '=', userId)
      .where('followee_id', '=', ownerId)
      .execute();
    await trx.deleteFrom('supporter_taggings').where('supporter_id', 'in', ids).execute();
    await trx.deleteFrom('supporter_notes').where('supporter_id', 'in', ids).execute();
    await trx.updateTable('supporters').set({ disconnected_at: new Date() }).where('id', 'in', ids).execute();
  });
}

/**
 * "Delete my account" (api/modules/people/account-data.ts): the member leaves every campaign's
 * list as a disconnect does, in the deletion's transaction; their gifts stay in the compliance
 * records. Their follows are deleted by the same transaction.
 */
export async function forgetMemberSupporters(trx: Db, userId: number): Promise<void> {
  const ids = (await (await ownRows(trx, userId)).select('s.id').execute()).map((r) => r.id);
  if (ids.length === 0) return;
  await trx.deleteFrom('supporter_taggings').where('supporter_id', 'in', ids).execute();
  await trx.deleteFrom('supporter_notes').where('supporter_id', 'in', ids).execute();
  await trx.updateTable('supporters').set({ disconnected_at: new Date() }).where('id', 'in', ids).execute();
}
