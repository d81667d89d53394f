import { EVENT_TYPES } from '../../../api/contract/events';

export const EVENT_STATUS_CHOICES = [
  { id: 'published', name: 'Published' },
  { id: 'proposed', name: 'Proposed' },
  { id: 'declined', name: 'Declined' },
  { id: 'cancelled', name: 'Cancelled' },
  { id: 'unpublished', name: 'Unpublished' },
];

export const EVENT_TYPE_CHOICES = EVENT_TYPES.map((t) => ({ id: t.value, name: t.label }));
