/**
 * Support tickets' vocabulary (docs/decisions/0029-help-center-and-support-tickets.md), shared by
 * the /contact form, the "Your requests" pages and the console. Browser-safe: no imports.
 */
export const SUPPORT_TOPICS = [
  { value: 'order', label: 'An order or shipping' },
  { value: 'return', label: 'A return or refund' },
  { value: 'donation', label: 'A donation or receipt' },
  { value: 'membership', label: 'Membership or billing' },
  { value: 'account', label: 'My account or sign-in' },
  { value: 'privacy', label: 'Privacy or my data' },
  { value: 'other', label: 'Something else' },
] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number]['value'];

/** open: staff owe an answer; waiting_on_member: staff answered; resolved: done (a reply reopens it). */
export const SUPPORT_TICKET_STATUSES = ['open', 'waiting_on_member', 'resolved'] as const;
export type SupportTicketStatus = (typeof SUPPORT_TICKET_STATUSES)[number];

export const SUPPORT_STATUS_LABELS: Record<SupportTicketStatus, string> = {
  open: 'Open',
  waiting_on_member: 'Waiting on member',
  resolved: 'Resolved',
};

/** requester: the member or visitor; staff: a reply they receive; note: internal, never shown to them. */
export const SUPPORT_MESSAGE_KINDS = ['requester', 'staff', 'note'] as const;
export type SupportMessageKind = (typeof SUPPORT_MESSAGE_KINDS)[number];

export const SUPPORT_SUBJECT_MAX = 120;
export const SUPPORT_MESSAGE_MAX = 5000;

export function supportTopicLabel(value: string): string {
  return SUPPORT_TOPICS.find((t) => t.value === value)?.label ?? value;
}
