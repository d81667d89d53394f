import { lazyScreen } from '../lazy-screen';
import type { ConsoleScreen } from '../screen';

/** Members' events (docs/decisions/0101-event-organizer-tools.md): filter, open, unpublish with a reason. */
const events: ConsoleScreen = {
  kind: 'resource',
  name: 'events',
  list: lazyScreen(() => import('./EventList')),
  edit: lazyScreen(() => import('./EventDetail')),
};
export default events;
