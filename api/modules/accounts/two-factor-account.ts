import type { Db } from '../../../db/client';
import type { TwoFactorAccount } from './two-factor';

/** The signed-in account that enrols in, or turns off, two-factor sign-in: its id and email. */
export async function loadTwoFactorAccount(db: Db, userId: number): Promise<TwoFactorAccount> {
  return db.selectFrom('users').select(['id', 'email']).where('id', '=', userId).executeTakeFirstOrThrow();
}
