import { z } from 'zod';

/** The sender name when the composer leaves it empty. */
export const DEFAULT_FROM_NAME = 'Campaign HQ';
export const SUBJECT_MAX = 200;
export const BODY_MAX = 20_000;

const oneLine = (v: string) => !/[\r\n]/.test(v);

/** What staff write: the same for every audience (docs/decisions/0022-mass-email.md). */
export const composeInput = z.object({
  subject: z
    .string({ error: 'Write a subject.' })
    .trim()
    .min(1, 'Write a subject.')
    .max(SUBJECT_MAX, `Subjects can be at most ${SUBJECT_MAX} characters.`)
    .refine(oneLine, 'A subject is one line.'),
  body: z
    .string({ error: 'Write the message.' })
    .trim()
    .min(1, 'Write the message.')
    .max(BODY_MAX, `Messages can be at most ${BODY_MAX} characters.`),
  fromName: z
    .string()
    .trim()
    .max(80, 'A sender name can be at most 80 characters.')
    .refine(oneLine, 'A sender name is one line.')
    .optional()
    .transform((v) => v || DEFAULT_FROM_NAME),
});
export type ComposeInput = z.infer<typeof composeInput>;

/** An audience by name and parameters, as a door builds it ({ kind: 'campaign-donors', params: { campaignId } }). */
export interface AudienceRef {
  kind: string;
  params: unknown;
}
