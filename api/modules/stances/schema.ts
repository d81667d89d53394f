import { z } from 'zod';
import { ISSUE_KEYS, STANCE_STATEMENT_MAX, STANCES } from '../../contract/issue-stances';
import { rowId } from '../bounds';

/** One row of the stance form; no stance means "say nothing on this issue". */
export const stanceEntry = z
  .object({
    issue: z.enum(ISSUE_KEYS, 'Unknown issue.'),
    stance: z.union([z.enum(STANCES, 'Please choose support, oppose or neutral.'), z.literal('')]),
    statement: z
      .string()
      .trim()
      .max(STANCE_STATEMENT_MAX, `One sentence: at most ${STANCE_STATEMENT_MAX} characters.`),
  })
  .refine((e) => e.stance !== '' || e.statement === '', {
    message: 'Please choose a stance for this sentence.',
    path: ['stance'],
  });

export const saveStancesInput = z.array(stanceEntry).max(ISSUE_KEYS.length);
export type StanceEntry = z.infer<typeof stanceEntry>;

/** ?a=&b= of the contrast page: candidate ids, either may be missing while the picker is used. */
export const contrastQuery = z.object({
  a: z.coerce.number().pipe(rowId).optional().catch(undefined),
  b: z.coerce.number().pipe(rowId).optional().catch(undefined),
});
