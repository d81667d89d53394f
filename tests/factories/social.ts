import type { Db } from '../../db/client';
import type { NewUser } from '../../db/schema';

let sequence = 0;

/** An open account with a handle (mentionable), straight into the database. */
export async function makeMember(
  db: Db,
  fields: Partial<NewUser> = {},
): Promise<{ id: number; handle: string }> {
  sequence += 1;
  const handle = fields.handle ?? `member-${Date.now().toString(36)}-${sequence}`;
  const row = await db
    .insertInto('users')
    .values({
      email: `${handle}@social.test`,
      kind: 'individual',
      first_name: 'Member',
      last_name: String(sequence),
      handle,
      email_verified_at: new Date(),
      setup_completed_at: new Date(),
      ...fields,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, handle };
}

export function makeCandidate(db: Db, fields: Partial<NewUser> = {}) {
  return makeMember(db, { is_candidate: true, candidate_office: 'U.S. House', state: 'OH', ...fields });
}

export function makeOrganization(db: Db, name: string) {
  return makeMember(db, { kind: 'organization', org_name: name, first_name: null, last_name: null });
}

export async function follow(db: Db, followerId: number, followeeId: number) {
  await db.insertInto('follows').values({ follower_id: followerId, followee_id: followeeId }).execute();
}

export async function socialMediaCampaign(db: Db, candidateId: number, name = 'Spring canvass') {
  const row = await db
    .insertInto('campaigns')
    .values({ candidate_id: candidateId, type: 'SocialMedia', name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The notifications of one type a member has, newest first. */
export function notificationsOf(db: Db, userId: number, type: number) {
  return db
    .selectFrom('notifications')
    .select(['message', 'route', 'related_user_id'])
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .orderBy('id', 'desc')
    .execute();
}
