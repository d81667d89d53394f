import type { Db } from '../../../db/client';
import { connectedSupporter } from './connected';
import { accountName } from './names';

/** Notes by the campaign's team about one supporter (docs/decisions/0100-supporters.md), newest first. */
export function notesOfSupporter(db: Db, supporterId: number) {
  return db
    .selectFrom('supporter_notes as n')
    .leftJoin('users as u', 'u.id', 'n.author_id')
    .select(['n.id', 'n.body', 'n.created_at', accountName('u').as('author')])
    .where('n.supporter_id', '=', supporterId)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .execute();
}

export async function addNote(db: Db, ownerId: number, authorId: number, supporterId: number, body: string) {
  await connectedSupporter(db, ownerId, supporterId);
  await db
    .insertInto('supporter_notes')
    .values({ supporter_id: supporterId, author_id: authorId, body })
    .execute();
}
