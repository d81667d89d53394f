import {
  SUPPORT_STATUS_LABELS,
  SUPPORT_TICKET_STATUSES,
  SUPPORT_TOPICS,
} from '../../../api/contract/support-tickets';

export const STATUS_CHOICES = SUPPORT_TICKET_STATUSES.map((s) => ({ id: s, name: SUPPORT_STATUS_LABELS[s] }));
export const TOPIC_CHOICES = SUPPORT_TOPICS.map((t) => ({ id: t.value, name: t.label }));
