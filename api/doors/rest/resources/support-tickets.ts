import { oneRecord } from '../../../modules/lists/list-rows';
import { parseId } from '../../../modules/lists/list-spec';
import { staffMessageInput, ticketUpdateInput } from '../../../modules/support-tickets/schema';
import { addStaffMessage, updateTicket } from '../../../modules/support-tickets/staff';
import {
  supportTicketMessagesSpec,
  supportTicketsSpec,
} from '../../../modules/support-tickets/support-queue-lists';
import { listResponse, readBody } from '../lists/simple-rest';
import type { RestContext, RestResource } from '../router';

/**
 * The support queue (/admin/support-tickets, MANAGE_SUPPORT_TICKETS; docs/decisions/0029-help-center-and-support-tickets.md): tickets
 * with their requester and assignee, PUT for status and "assign to me"; and each ticket's thread,
 * where POST adds a reply (emailed, notified) or an internal note.
 */
export const supportTickets: RestResource = {
  name: 'support-tickets',
  handlers: {
    list: (c) => listResponse(c, c.get('db'), supportTicketsSpec),
    getOne: async (c) => c.json(await oneRecord(c.get('db'), supportTicketsSpec, c.req.param('id')!)),
    update: async (c) => {
      const id = parseId(supportTicketsSpec, c.req.param('id')!) as number;
      await updateTicket(c.get('db'), id, await readBody(c, ticketUpdateInput), c.get('actor').id);
      return c.json(await oneRecord(c.get('db'), supportTicketsSpec, String(id)));
    },
  },
};

function messageDeps(c: RestContext) {
  return { db: c.get('db'), email: c.get('email'), realtime: c.get('realtime'), config: c.get('config') };
}

export const supportTicketMessages: RestResource = {
  name: 'support-ticket-messages',
  handlers: {
    list: (c) => listResponse(c, c.get('db'), supportTicketMessagesSpec),
    create: async (c) => {
      const input = await readBody(c, staffMessageInput);
      const id = await addStaffMessage(messageDeps(c), input, c.get('actor').id);
      return c.json(await oneRecord(c.get('db'), supportTicketMessagesSpec, String(id)), 201);
    },
  },
};
