import { sql, type Transaction } from 'kysely';
import type { Db } from '../../../db/client';
import type { Database } from '../../../db/schema';

/**
 * @mentions by handle (users.handle, migrations/0001: lower-case letters, digits and inner
 * hyphens, 3 to 40 characters). An @ inside a word is not a mention, so e-mail addresses
 * (jo@example.org) and paths (x.com/@someone) name nobody; neither does @example.org.
 */
const MENTION =
  /(?<![A-Za-z0-9._%+/-])@([A-Za-z0-9][A-Za-z0-9-]{1,38}[A-Za-z0-9])(?![A-Za-z0-9-]|\.[A-Za-z0-9])/g;

/** At most this many people are notified from one post: a post is not a mailing list. */
export const MAX_MENTIONS = 10;

/** The distinct handles a text mentions, lower-cased, in order of first appearance. */
export function parseMentions(text: string): string[] {
  const handles = new Set<string>();
  for (const match of text.matchAll(MENTION)) {
    handles.add(match[1]!.toLowerCase());
    if (handles.size === MAX_MENTIONS) break;
  }
  return [...handles];
}

export interface Mentioned {
  id: number;
  handle: string;
}

/**
 * The members a post by `authorId` may notify: the handle exists, the account is neither blocked
 * nor deleted, it is not the author, and neither of the two blocked the other.
 */
export async function resolveMentions(
  db: Db | Transaction<Database>,
  authorId: number,
  handles: string[],
): Promise<Mentioned[]> {
  if (handles.length === 0) return [];
  const rows = await db
    .selectFrom('users as u')
    .select(['u.id', 'u.handle'])
    .where('u.handle', 'in', handles)
    .where('u.id', '<>', authorId)
    .where('u.blocked_at', 'is', null)
    .where('u.deleted_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('blocks as b')
            .select(sql`1`.as('one'))
            .where(sql<boolean>`(b.blocker_id = u.id AND b.blocked_id = ${authorId})
              OR (b.blocker_id = ${authorId} AND b.blocked_id = u.id)`),
        ),
      ),
    )
    .execute();
  return rows.map((r) => ({ id: r.id, handle: r.handle! }));
}

/** The text cut into plain runs and @mentions (as written), for linking mentions when shown. */
export function splitMentions(text: string): (string | { handle: string; written: string })[] {
  const parts: (string | { handle: string; written: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(MENTION)) {
    const start = match.index ?? 0;
    if (start > last) parts.push(text.slice(last, start));
    parts.push({ handle: match[1]!.toLowerCase(), written: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
