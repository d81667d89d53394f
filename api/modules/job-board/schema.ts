import { z } from 'zod';
import {
  COVER_NOTE_MAX,
  EMPLOYER_MOVES,
  JOB_DESCRIPTION_MAX,
  JOB_SKILLS_MAX,
  JOB_SORTS,
  JOB_TITLE_MAX,
  PAY_UNITS,
} from '../../contract/job-board';
import { rowId } from '../bounds';

/** Whole dollars; pay is stored in cents (docs/architecture.md: money is integer cents). */
const dollars = z
  .number('Enter an amount in whole dollars.')
  .int('Enter an amount in whole dollars.')
  .min(0, 'Pay cannot be negative.')
  .max(1_000_000, 'Enter at most $1,000,000.');

const referenceValue = (message: string) => z.string(message).trim().min(1, message).max(80, message);

/** A posting as the form and the API send it; reference values are checked by the service. */
export const jobPostingInput = z
  .object({
    title: z
      .string('Give the job a title.')
      .trim()
      .min(3, 'Give the job a title of at least 3 characters.')
      .max(JOB_TITLE_MAX, `Keep the title under ${JOB_TITLE_MAX} characters.`),
    organization: z
      .string('Name the hiring organization.')
      .trim()
      .min(2, 'Name the hiring organization.')
      .max(120, 'Keep the organization under 120 characters.'),
    state: referenceValue('Choose a state.'),
    remote: z.boolean().default(false),
    jobtype: referenceValue('Choose a job type.'),
    employment: referenceValue('Choose the kind of employment.'),
    position: z
      .string()
      .trim()
      .max(80)
      .nullish()
      .transform((v) => v || null),
    skills: z
      .array(z.string().trim().max(80))
      .max(JOB_SKILLS_MAX, `Choose at most ${JOB_SKILLS_MAX} skills.`)
      .default([])
      .transform((list) => [...new Set(list.filter(Boolean))]),
    payMin: dollars.nullish().transform((v) => v ?? null),
    payMax: dollars.nullish().transform((v) => v ?? null),
    payUnit: z.enum(PAY_UNITS, 'Choose per year or per hour.').default('YEAR'),
    description: z
      .string('Describe the job.')
      .trim()
      .min(30, 'Describe the job in at least 30 characters.')
      .max(JOB_DESCRIPTION_MAX, `Keep the description under ${JOB_DESCRIPTION_MAX} characters.`),
    closesOn: z.string('Choose a closing date.').regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a closing date.'),
  })
  .superRefine((v, ctx) => {
    if ((v.payMin === null) !== (v.payMax === null)) {
      ctx.addIssue({
        code: 'custom',
        path: ['payMax'],
        message: 'Give both ends of the pay range, or neither for a volunteer role.',
      });
    } else if (v.payMin !== null && v.payMax !== null && v.payMax < v.payMin) {
      ctx.addIssue({
        code: 'custom',
        path: ['payMax'],
        message: 'The top of the range is below its bottom.',
      });
    }
  });
export type JobPostingInput = z.infer<typeof jobPostingInput>;

export const editJobPostingInput = z.object({ jobId: rowId, posting: jobPostingInput });

const optionalParam = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined)
    .catch(undefined);

/**
 * /jobs's query string: every field optional and forgiving (a bad value is ignored, never an
 * error), so a shared URL always opens. The same object drives a saved search's digest.
 */
export const jobSearchParams = z.object({
  q: z.string().trim().max(100).catch(''),
  state: optionalParam(2),
  remote: z.enum(['1']).optional().catch(undefined),
  jobtype: optionalParam(80),
  employment: optionalParam(80),
  position: optionalParam(80),
  skill: z
    .array(z.string().trim().max(80))
    .max(JOB_SKILLS_MAX)
    .catch([])
    .default([])
    .transform((list) => [...new Set(list.filter(Boolean))].sort()),
  /** Dollars per year (hourly pay counts 2,080 hours a year): the pay must reach this. */
  payMin: z.coerce.number().int().min(1).max(10_000_000).optional().catch(undefined),
  pay: z.enum(['paid', 'volunteer']).optional().catch(undefined),
  sort: z.enum(JOB_SORTS).catch('newest'),
  page: z.coerce.number().int().min(1).max(500).catch(1),
});
export type JobSearchParams = z.infer<typeof jobSearchParams>;

export const applyInput = z.object({
  jobId: rowId,
  coverNote: z
    .string('Write a short cover note.')
    .trim()
    .min(20, 'Write a cover note of at least 20 characters.')
    .max(COVER_NOTE_MAX, `Keep the cover note under ${COVER_NOTE_MAX} characters.`),
});
export type ApplyInput = z.infer<typeof applyInput>;

export const moveApplicationInput = z.object({
  applicationId: rowId,
  status: z.enum(EMPLOYER_MOVES, 'Choose shortlist, reject or hire.'),
});

export const reportJobInput = z.object({
  jobId: rowId,
  reason: z.string('Please choose a reason.').trim().min(1, 'Please choose a reason.').max(80),
  details: z
    .string()
    .trim()
    .max(1000, 'Keep the details under 1,000 characters.')
    .nullish()
    .transform((v) => v || null),
});
export type ReportJobInput = z.infer<typeof reportJobInput>;

export const jobIdInput = z.object({ jobId: rowId });
export const savedSearchIdInput = z.object({ id: rowId });
