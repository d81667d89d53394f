import { lazyScreen } from '../lazy-screen';
import type { ConsoleScreen } from '../screen';

/** Support tickets from /contact (docs/decisions/0029-help-center-and-support-tickets.md): the queue, and one ticket with its thread. */
const supportTickets: ConsoleScreen = {
  kind: 'resource',
  name: 'support-tickets',
  list: lazyScreen(() => import('./SupportTicketList')),
  edit: lazyScreen(() => import('./SupportTicketDetail')),
};
export default supportTickets;
