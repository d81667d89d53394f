import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { defineList } from '../lists/list-spec';

/** The history of staff announcements (notification type 11), with who sent each. */
function announcementRows(db: Db) {
  return db
    .selectFrom('announcements as a')
    .leftJoin('users as s', 's.id', 'a.sent_by')
    .select([
      'a.id',
      'a.message',
      'a.route',
      'a.recipients',
      'a.created_at',
      sql<string | null>`nullif(trim(coalesce(s.first_name, '') || ' ' || coalesce(s.last_name, '')), '')`.as(
        'sent_by_name',
      ),
    ]);
}

export const announcementsSpec = defineList({
  resource: 'announcements',
  sortable: ['id', 'created_at', 'recipients'],
  defaultSort: ['created_at', 'DESC'],
  filters: {},
  rows: announcementRows,
});
