import { z } from 'zod';

/** A real calendar day, 'YYYY-MM-DD', or nothing (an empty field of the GET form). */
const calendarDay = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || isRealDay(v), {
      message: `Enter the ${label} as a real date (YYYY-MM-DD).`,
    });

function isRealDay(v: string): boolean {
  const at = Date.parse(`${v}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(at) && new Date(at).toISOString().startsWith(v);
}

/** Optional dollars the committee enters for lines the platform cannot know; empty is $0. */
const enteredDollars = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((raw, ctx) => {
      const clean = (raw ?? '').replace(/^\$/, '').replace(/,/g, '');
      if (!clean) return 0;
      if (!/^\d{1,9}(\.\d{1,2})?$/.test(clean)) {
        ctx.addIssue({ code: 'custom', message: `Enter ${label} in dollars, like 1200 or 1200.50.` });
        return z.NEVER;
      }
      return Math.round(Number(clean) * 100);
    });

/**
 * ?report=&from=&to=&amends=&amendment=&cash=&operating=&operatingCycle= of a report's download
 * (docs/decisions/0090-fec-reports.md). `report` is a report's key ('2026-Q1') or 'custom' with
 * from and to; an amendment names the original filing's FEC ID and its own number.
 */
export const reportQuery = z
  .object({
    report: z
      .string({ error: 'Choose a report.' })
      .trim()
      .regex(/^(custom|\d{4}-(Q1|Q2|Q3|YE|12P|12G|30G))$/, 'Choose a report.'),
    from: calendarDay('first day'),
    to: calendarDay('last day'),
    amends: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ?? '').replace(/^FEC-/i, ''))
      .refine(
        (v) => v === '' || /^\d{1,12}$/.test(v),
        'Enter the original filing’s FEC ID, like FEC-1234567.',
      ),
    amendment: z
      .string()
      .trim()
      .optional()
      .refine((v) => !v || /^[1-9]\d{0,2}$/.test(v), 'Enter the amendment’s number, 1 to 999.'),
    cash: enteredDollars('the cash on hand'),
    operating: enteredDollars('the operating expenditures'),
    operatingCycle: enteredDollars('the operating expenditures'),
  })
  .superRefine((v, ctx) => {
    if (v.report === 'custom') {
      if (!v.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'Enter the first day.' });
      if (!v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Enter the last day.' });
      if (v.from && v.to && v.from > v.to)
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day must not be before the first.' });
    }
    if (v.amends && !v.amendment)
      ctx.addIssue({
        code: 'custom',
        path: ['amendment'],
        message: 'Enter the amendment’s number, 1 to 999.',
      });
    if (!v.amends && v.amendment)
      ctx.addIssue({
        code: 'custom',
        path: ['amends'],
        message: 'Enter the original filing’s FEC ID, like FEC-1234567.',
      });
    if (v.operatingCycle < v.operating)
      ctx.addIssue({
        code: 'custom',
        path: ['operatingCycle'],
        message: 'The cycle’s operating expenditures include this period’s: enter at least as much.',
      });
  });

export type ReportQuery = z.infer<typeof reportQuery>;
