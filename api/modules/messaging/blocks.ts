import type { Transaction } from 'kysely';
import type { Db } from '../../../db/client';
import type { Database } from '../../../db/schema';
import { NotFoundError, ValidationError } from '../errors';

/** True when either member blocked the other: no messages either way. */
export async function blockedBetween(db: Db | Transaction<Database>, a: number, b: number): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
        eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

export async function iBlocked(db: Db, me: number, other: number): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where('blocker_id', '=', me)
    .where('blocked_id', '=', other)
    .executeTakeFirst();
  return row !== undefined;
}

export async function blockMember(db: Db, me: number, other: number): Promise<{ blocked: true }> {
  if (me === other) throw new ValidationError({ userId: ['You cannot block yourself.'] });
  const exists = await db.selectFrom('users').select('id').where('id', '=', other).executeTakeFirst();
  if (!exists) throw new NotFoundError('This member does not exist.');
  await db
    .insertInto('blocks')
    .values({ blocker_id: me, blocked_id: other })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .execute();
  return { blocked: true };
}

export async function unblockMember(db: Db, me: number, other: number): Promise<{ blocked: false }> {
  await db.deleteFrom('blocks').where('blocker_id', '=', me).where('blocked_id', '=', other).execute();
  return { blocked: false };
}
