import { sql } from 'kysely';
import type { Db } from '../../../../db/client';
import { announcementInput, sendAnnouncement } from '../../../modules/announcements/service';
import { oneRecord } from '../../../modules/lists/list-rows';
import { defineList } from '../../../modules/lists/list-spec';
import { listResponse, readBody } from '../lists/simple-rest';
import type { RestResource } from '../router';

/** Staff announcements (notification type 11): the history, and POST to send one to every member. */
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

export const announcements: RestResource = {
  name: 'announcements',
  handlers: {
    list: (c) => listResponse(c, c.get('db'), announcementsSpec),
    create: async (c) => {
      const sent = await sendAnnouncement(
        { db: c.get('db'), realtime: c.get('realtime') },
        await readBody(c, announcementInput),
        c.get('actor'),
      );
      return c.json(await oneRecord(c.get('db'), announcementsSpec, String(sent.id)), 201);
    },
  },
};
