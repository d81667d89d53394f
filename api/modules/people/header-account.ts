import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { FEATURES } from '../../contract/feature-names';
import type { Permission } from '../../contract/permissions';
import { type SessionFactor, sessionPermissions } from '../staff/access';

/** What the signed-in site header shows besides the session user (site/server/header-account.ts). */
export interface HeaderAccountCounts {
  /** The message badge (docs/product/spec.md §4); vendors have no messaging, so theirs is 0. */
  unreadMessages: number;
  /** The campaign donations toggle; a toggle that does not exist counts as enabled. */
  campaignDonationsEnabled: boolean;
  /**
   * The staff permissions this session holds: none for members, and none for staff whose session
   * proved no second factor (as api/modules/staff/access.ts grants them).
   */
  staffPermissions: Permission[];
}

/**
 * The header's data in one round trip: the unread count (the partial index messages_unread keeps
 * it cheap), the donations toggle and the staff role. Lookups by the member's id and a toggle's
 * name.
 */
export async function readHeaderAccount(
  db: Db,
  userId: number,
  session: SessionFactor,
): Promise<HeaderAccountCounts> {
  const [row] = await db
    .selectFrom('users')
    .leftJoin('staff_members', (join) =>
      join.onRef('staff_members.user_id', '=', 'users.id').on('users.is_admin', '=', true),
    )
    .select((eb) => [
      'staff_members.role as staff_role',
      'staff_members.extra_permissions as staff_extra_permissions',
      eb
        .case()
        .when('users.is_vendor', '=', true)
        .then(sql<number>`0`)
        .else(
          eb
            .selectFrom('messages')
            .select((m) => m.fn.countAll<number>().as('n'))
            .whereRef('messages.recipient_id', '=', 'users.id')
            .where('messages.read_at', 'is', null),
        )
        .end()
        .as('unread_messages'),
      eb
        .selectFrom('feature_toggles')
        .select('feature_toggles.enabled')
        .where('feature_toggles.name', '=', FEATURES.campaignDonations)
        .as('campaign_donations_enabled'),
    ])
    .where('users.id', '=', userId)
    .execute();
  return {
    unreadMessages: Number(row?.unread_messages ?? 0),
    campaignDonationsEnabled: row?.campaign_donations_enabled ?? true,
    staffPermissions: row?.staff_role
      ? sessionPermissions(row.staff_role, row.staff_extra_permissions ?? [], session)
      : [],
  };
}
