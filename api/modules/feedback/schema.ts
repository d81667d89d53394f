import { z } from 'zod';
import { FEEDBACK_TOPICS } from '../../contract/feedback-topics';

const topicValues = FEEDBACK_TOPICS.map((t) => t.value) as [string, ...string[]];

export const feedbackInput = z.object({
  name: z.string().trim().min(1, 'Please tell us your name.').max(120, 'Names are at most 120 characters.'),
  email: z.email('Please enter a valid email address.').trim().max(254),
  topic: z.enum(topicValues, 'Please choose a topic.'),
  state: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(
      z
        .string()
        .regex(/^[A-Z]{2}$/, 'Please choose a state from the list.')
        .optional(),
    )
    .optional(),
  message: z
    .string()
    .trim()
    .min(10, 'Please write at least 10 characters.')
    .max(5000, 'Feedback is limited to 5,000 characters.'),
});

export type FeedbackInput = z.infer<typeof feedbackInput>;
