import { announcementsSpec } from '../../../modules/announcements/announcement-list';
import { announcementInput, sendAnnouncement } from '../../../modules/announcements/service';
import { oneRecord } from '../../../modules/lists/list-rows';
import { listResponse, readBody } from '../lists/simple-rest';
import type { RestResource } from '../router';

/** Staff announcements (notification type 11): the history, and POST to send one to every member. */
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
