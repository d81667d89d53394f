import { sql } from 'kysely';
import { z } from 'zod';
import { SUPPORTER_LIST_AUDIENCE } from '../../contract/supporters';
import type { Audience, AudienceRecipient } from '../mass-email/audiences';
import { filteredSupporters } from '../supporters/list';
import { storedFilter } from '../supporters/saved-lists';
import { campaignNameOf } from '../supporters/team';

export const SUPPORTER_LIST = SUPPORTER_LIST_AUDIENCE;

const id = (message: string) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message);

const params = z.object({
  /** Always the signed-in candidate or organization: the module sets it from the session. */
  ownerId: id('Sign in as the campaign.'),
  /** One of the two: a saved list, or a tag (everyone tagged with it). */
  listId: id('Choose one of your saved lists.').optional(),
  tagId: id('Choose one of your tags.').optional(),
  /** The list's stored filter, or the tag's, set by the module from the list or tag itself (never from a form). */
  filter: z.record(z.string(), z.string()),
});
export type SupporterListParams = z.infer<typeof params>;

/**
 * 'supporter-list' {ownerId, listId | tagId, filter} (docs/decisions/0100-supporters.md): a campaign's saved
 * list of supporters, as it reads at send time. Each supporter is reached at the address they gave
 * the campaign, a follower at their account's (as 'candidate-supporters' does); blocked and deleted
 * accounts receive nothing. `describe` finds nothing for another campaign's list.
 */
export const supporterList: Audience<SupporterListParams> = {
  kind: SUPPORTER_LIST,
  params,
  missing: { listId: ['Choose one of your saved lists.'] },
  async describe(db, { ownerId, listId, tagId }) {
    const owner = await campaignNameOf(db, ownerId);
    if (!owner) return null;
    const reason = `you are among ${owner}’s supporters`;
    if (listId) {
      const list = await db
        .selectFrom('supporter_lists')
        .select('name')
        .where('id', '=', listId)
        .where('owner_id', '=', ownerId)
        .executeTakeFirst();
      return list ? { label: `${list.name} (saved list of ${owner})`, reason } : null;
    }
    const tag = tagId
      ? await db
          .selectFrom('supporter_tags')
          .select('name')
          .where('id', '=', tagId)
          .where('owner_id', '=', ownerId)
          .executeTakeFirst()
      : undefined;
    return tag ? { label: `Tagged ${tag.name} (${owner})`, reason } : null;
  },
  recipients(db, { ownerId, filter }) {
    const people = filteredSupporters(db, ownerId, storedFilter(filter))
      .leftJoin('users as u', 'u.id', 'r.user_id')
      .select([
        sql<string>`lower(coalesce(r.email, u.email))`.as('email'),
        sql<string | null>`nullif(split_part(r.name, ' ', 1), '')`.as('first_name'),
      ])
      .where((eb) =>
        eb.or([
          eb('u.id', 'is', null),
          eb.and([eb('u.deleted_at', 'is', null), eb('u.blocked_at', 'is', null)]),
        ]),
      )
      .where(sql<boolean>`position('@' in coalesce(r.email, u.email)) > 0`);
    return sql<AudienceRecipient>`SELECT DISTINCT ON (p.email) p.email, p.first_name FROM (${people}) p ORDER BY p.email`;
  },
};
