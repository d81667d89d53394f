import { z } from 'zod';
import { rowId } from '../bounds';

export const POST_MAX = 2000;

/** The create-post form: text (links and @mentions) and, for candidates, a SocialMedia campaign. */
export const createPostInput = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Please write something.')
    .max(POST_MAX, `Posts can be at most ${POST_MAX.toLocaleString('en-US')} characters.`),
  campaignId: z.union([z.literal('').transform(() => undefined), z.coerce.number().pipe(rowId)]).optional(),
});
export type CreatePostInput = z.infer<typeof createPostInput>;

export const reportPostInput = z.object({
  reason: z.string().trim().min(1, 'Please choose a reason.').max(60),
  details: z.string().trim().max(500, 'At most 500 characters.').optional(),
});
export type ReportPostInput = z.infer<typeof reportPostInput>;
