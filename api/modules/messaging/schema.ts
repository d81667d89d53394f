import { z } from 'zod';
import { rowId } from '../bounds';

export const MESSAGE_MAX = 2000;
export const THREAD_PAGE = 30;

const id = rowId;

export const sendMessageInput = z.object({
  to: id,
  body: z
    .string()
    .trim()
    .min(1, 'Please write a message.')
    .max(MESSAGE_MAX, `Messages can be at most ${MESSAGE_MAX.toLocaleString('en-US')} characters.`),
  /** Chosen by the browser once per message; a retry reuses it and is not stored twice. */
  clientId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'Invalid client id.'),
});
export type SendMessageInput = z.infer<typeof sendMessageInput>;

export const threadInput = z.object({
  /** The other member: a thread is the conversation between the session user and them. */
  with: id,
  /** Messages older than this id (infinite scroll back in time). */
  before: id.optional(),
});

export const conversationInput = z.object({ with: id });
export const memberInput = z.object({ userId: id });
export const reportMessageInput = z.object({
  messageId: id,
  reason: z.string().trim().min(1, 'Please choose a reason.').max(60),
  details: z.string().trim().max(500, 'At most 500 characters.').optional(),
});
