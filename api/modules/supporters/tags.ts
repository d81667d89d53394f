import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { NotFoundError } from '../errors';
import { connectedSupporter } from './connected';
import { accountName } from './names';

/**
 * A campaign's tags (docs/decisions/0100-supporters.md): named once per campaign (case-insensitive),
 * put on a supporter by a member of the team, with who and when kept on the tagging.
 */

/** The campaign's tags, by name, with how many connected supporters carry each. */
export function campaignTags(db: Db, ownerId: number) {
  return db
    .selectFrom('supporter_tags as g')
    .select([
      'g.id',
      'g.name',
      sql<number>`(SELECT count(*)::int FROM supporter_taggings t JOIN supporters s ON s.id = t.supporter_id
        WHERE t.tag_id = g.id AND s.disconnected_at IS NULL)`.as('people'),
    ])
    .where('g.owner_id', '=', ownerId)
    .orderBy(sql`lower(g.name)`)
    .execute();
}

/** Tags supporter `supporterId` of the campaign with `name`, making the tag when it is new. */
export async function tagSupporter(
  db: Db,
  ownerId: number,
  actorId: number,
  supporterId: number,
  name: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await connectedSupporter(trx, ownerId, supporterId);
    const { rows } = await sql<{ id: number }>`
      INSERT INTO supporter_tags (owner_id, name, created_by) VALUES (${ownerId}, ${name}, ${actorId})
      ON CONFLICT (owner_id, (lower(name))) DO UPDATE SET name = supporter_tags.name
      RETURNING id`.execute(trx);
    const tagId = rows[0]?.id;
    if (!tagId) throw new Error('the tag was neither made nor found');
    await trx
      .insertInto('supporter_taggings')
      .values({ tag_id: tagId, supporter_id: supporterId, tagged_by: actorId })
      .onConflict((oc) => oc.columns(['tag_id', 'supporter_id']).doNothing())
      .execute();
  });
}

/** Takes a tag off one of the campaign's supporters (nothing when it was not on them). */
export async function untagSupporter(db: Db, ownerId: number, supporterId: number, tagId: number) {
  await connectedSupporter(db, ownerId, supporterId);
  const tag = await db
    .selectFrom('supporter_tags')
    .select('id')
    .where('id', '=', tagId)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  if (!tag) throw new NotFoundError('No such tag.');
  await db
    .deleteFrom('supporter_taggings')
    .where('tag_id', '=', tagId)
    .where('supporter_id', '=', supporterId)
    .execute();
}

/** One supporter's tags with who put each on and when. */
export function tagsOfSupporter(db: Db, supporterId: number) {
  return db
    .selectFrom('supporter_taggings as t')
    .innerJoin('supporter_tags as g', 'g.id', 't.tag_id')
    .leftJoin('users as u', 'u.id', 't.tagged_by')
    .select(['g.id', 'g.name', 't.tagged_at', accountName('u').as('tagged_by')])
    .where('t.supporter_id', '=', supporterId)
    .orderBy(sql`lower(g.name)`)
    .execute();
}
