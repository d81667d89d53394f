import type { Transaction } from 'kysely';
import type { Db } from '../../../db/client';
import type { Database } from '../../../db/schema';

/** "Jordan Lee" or the organization's name, for notification texts. */
export async function nameOf(db: Db | Transaction<Database>, userId: number): Promise<string> {
  const u = await db
    .selectFrom('users')
    .select(['kind', 'first_name', 'last_name', 'org_name'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!u) return 'A member';
  if (u.kind === 'organization' && u.org_name) return u.org_name;
  return [u.first_name, u.last_name].filter(Boolean).join(' ') || u.org_name || 'A member';
}
