import type { Db } from '../../../db/client';
import { profileName, profilePath } from '../../contract/person-names';
import { parseMentions } from './mentions';

/** A post as pages show it; `mentions` maps each @handle in the text to the profile it links to. */
export interface PostView {
  id: number;
  body: string;
  imageUrl: string | null;
  createdAt: Date;
  campaignName: string | null;
  author: { id: number; name: string; path: string; image: string | null };
  mentions: Record<string, string>;
}

export const FEED_PAGE = 20;

function basePosts(db: Db) {
  return db
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.author_id')
    .leftJoin('campaigns', 'campaigns.id', 'posts.campaign_id')
    .select([
      'posts.id',
      'posts.body',
      'posts.image_url',
      'posts.created_at',
      'campaigns.name as campaign_name',
      'users.id as author_id',
      'users.kind',
      'users.first_name',
      'users.last_name',
      'users.org_name',
      'users.profile_image',
    ])
    .where('posts.deleted_at', 'is', null)
    .where('users.blocked_at', 'is', null)
    .where('users.deleted_at', 'is', null);
}

type PostQuery = ReturnType<typeof basePosts>;

async function toViews(db: Db, query: PostQuery): Promise<PostView[]> {
  const rows = await query
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(FEED_PAGE)
    .execute();
  const links = await mentionLinks(
    db,
    rows.flatMap((r) => parseMentions(r.body)),
  );
  return rows.map((r) => {
    const author = { ...r, id: r.author_id };
    return {
      id: r.id,
      body: r.body,
      imageUrl: r.image_url,
      createdAt: r.created_at,
      campaignName: r.campaign_name,
      author: {
        id: r.author_id,
        name: profileName(author),
        path: profilePath(author),
        image: r.profile_image,
      },
      mentions: Object.fromEntries(
        parseMentions(r.body)
          .filter((h) => links.has(h))
          .map((h) => [h, links.get(h)!]),
      ),
    };
  });
}

/** Profiles of the handles that still name an open account, for linking mentions when shown. */
async function mentionLinks(db: Db, handles: string[]): Promise<Map<string, string>> {
  if (handles.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'handle', 'kind', 'first_name', 'last_name', 'org_name'])
    .where('handle', 'in', [...new Set(handles)])
    .where('blocked_at', 'is', null)
    .where('deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((r) => [r.handle!, profilePath(r)]));
}

/** What the author has posted, newest first (their profile). */
export function postsByAuthor(db: Db, authorId: number): Promise<PostView[]> {
  return toViews(db, basePosts(db).where('posts.author_id', '=', authorId));
}

/** The member's feed: their own posts and those of everyone they follow, newest first. */
export function feedOf(db: Db, userId: number): Promise<PostView[]> {
  return toViews(
    db,
    basePosts(db).where((eb) =>
      eb.or([
        eb('posts.author_id', '=', userId),
        eb(
          'posts.author_id',
          'in',
          eb.selectFrom('follows').select('followee_id').where('follower_id', '=', userId),
        ),
      ]),
    ),
  );
}

export async function findPost(db: Db, postId: number): Promise<PostView | null> {
  const [view] = await toViews(db, basePosts(db).where('posts.id', '=', postId));
  return view ?? null;
}

/** The author's open SocialMedia campaigns, which the create-post form offers. */
export function socialMediaCampaignsOf(db: Db, candidateId: number) {
  return db
    .selectFrom('campaigns')
    .select(['id', 'name'])
    .where('candidate_id', '=', candidateId)
    .where('type', '=', 'SocialMedia')
    .where('archived_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
}
