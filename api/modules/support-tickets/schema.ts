import { z } from 'zod';
import {
  SUPPORT_MESSAGE_MAX,
  SUPPORT_SUBJECT_MAX,
  SUPPORT_TICKET_STATUSES,
  SUPPORT_TOPICS,
} from '../../contract/support-tickets';

const topicValues = SUPPORT_TOPICS.map((t) => t.value) as [string, ...string[]];

/** An empty form field is "not given". */
const optionalText = (inner: z.ZodString) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v.toUpperCase()))
    .pipe(inner.optional())
    .optional();

export const messageBody = z
  .string({ error: 'Please write your message.' })
  .trim()
  .min(10, 'Please write at least 10 characters.')
  .max(
    SUPPORT_MESSAGE_MAX,
    `Messages are limited to ${SUPPORT_MESSAGE_MAX.toLocaleString('en-US')} characters.`,
  );

/** The /contact form. `website` and `fill_ms` are the spam traps (spam.ts), not shown to people. */
export const newTicketInput = z.object({
  topic: z.enum(topicValues, 'Please choose a topic.'),
  subject: z
    .string({ error: 'Please give your request a short subject.' })
    .trim()
    .min(3, 'Please give your request a short subject.')
    .max(SUPPORT_SUBJECT_MAX, `Subjects are at most ${SUPPORT_SUBJECT_MAX} characters.`),
  message: messageBody,
  /** Visitors only: a member's replies go to their account's address. */
  email: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v.toLowerCase()))
    .pipe(z.email('Please enter a valid email address.').max(254).optional())
    .optional(),
  orderNumber: optionalText(z.string().regex(/^CHQ-[A-Z0-9]{1,32}$/, 'Order numbers look like CHQ-1234AB.')),
  donationReference: optionalText(
    z.string().regex(/^[A-Z]{2,5}(-[A-Z0-9]{1,16}){1,3}$/, 'Receipt references look like DON-7K2M9QXA.'),
  ),
  website: z.string().max(500).optional(),
  fill_ms: z.string().max(20).optional(),
});
export type NewTicketInput = z.infer<typeof newTicketInput>;

/** A requester's reply on their thread page. */
export const requesterReplyInput = z.object({ message: messageBody });

/** The console: a reply the requester receives, or an internal note. */
export const staffMessageInput = z.object({
  ticket_id: z.coerce.number().int().positive().max(2_147_483_647),
  kind: z.enum(['staff', 'note'], 'Choose reply or internal note.'),
  body: messageBody,
  /** A reply that settles the request marks it resolved instead of waiting on the member. */
  resolve: z.boolean().optional(),
});
export type StaffMessageInput = z.infer<typeof staffMessageInput>;

/** The console's PUT: status and/or assignment ("me" = the staff member saving, null = nobody). */
export const ticketUpdateInput = z.object({
  status: z.enum(SUPPORT_TICKET_STATUSES, 'Choose a status.').optional(),
  assignee: z.union([z.literal('me'), z.null()]).optional(),
});
export type TicketUpdateInput = z.infer<typeof ticketUpdateInput>;
