/** Kept apart from schema.ts so the browser form can list topics without bundling zod. */
export const FEEDBACK_TOPICS = [
  { value: 'general', label: 'General feedback' },
  { value: 'bug', label: 'Something is broken' },
  { value: 'idea', label: 'Feature idea' },
  { value: 'shop', label: 'Merchandise shop' },
  { value: 'accessibility', label: 'Accessibility' },
] as const;
