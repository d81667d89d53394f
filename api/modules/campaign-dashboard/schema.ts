import { z } from 'zod';
import { dayCount, lastDays, MAX_RANGE_DAYS } from '../../contract/day-ranges';
import { ENGAGED_WINDOWS, type EngagedWindow } from '../../contract/engaged-audiences';
import { OUTREACH_CAMPAIGN_TYPES, SUPPORTER_GROUPS } from '../../contract/gotv';
import { composeInput } from '../mass-email/schema';

/** zod for what candidates send from /campaign-dashboard (docs/decisions/0023-campaign-dashboard-and-refunds.md). */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day, 'YYYY-MM-DD'. */
export const calendarDay = (label: string) =>
  z
    .string({ error: `Enter the ${label}.` })
    .trim()
    .min(1, `Enter the ${label}.`)
    .refine((v) => DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && isRealDay(v), {
      message: `Enter the ${label} as a real date (YYYY-MM-DD).`,
    });

function isRealDay(v: string): boolean {
  return new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;
}

/** docs/product/rulings.md, "Elections for the donation limit": a primary, then a later general. */
export const electionDatesInput = z
  .object({
    primaryOn: calendarDay('primary election date'),
    generalOn: calendarDay('general election date'),
  })
  .superRefine((v, ctx) => {
    if (DAY.test(v.primaryOn) && DAY.test(v.generalOn) && v.generalOn <= v.primaryOn) {
      ctx.addIssue({
        code: 'custom',
        path: ['generalOn'],
        message: 'The general election must come after the primary.',
      });
    }
  });
export type ElectionDatesInput = z.infer<typeof electionDatesInput>;

/** The largest goal a campaign may set: $10,000,000 (well inside an int4 of cents). */
export const MAX_GOAL_CENTS = 1_000_000_000;

/** '5000', '$5,000.50' → cents; anything else is refused with a field error. */
const dollarsAmount = z
  .string({ error: 'Enter a goal in dollars.' })
  .trim()
  .transform((raw, ctx) => {
    const clean = raw.replace(/^\$/, '').replace(/,/g, '');
    if (!/^\d{1,8}(\.\d{1,2})?$/.test(clean)) {
      ctx.addIssue({ code: 'custom', message: 'Enter a goal in dollars, like 5000 or 5000.00.' });
      return z.NEVER;
    }
    const cents = Math.round(Number(clean) * 100);
    if (cents <= 0) {
      ctx.addIssue({ code: 'custom', message: 'The goal must be more than $0.' });
      return z.NEVER;
    }
    if (cents > MAX_GOAL_CENTS) {
      ctx.addIssue({ code: 'custom', message: 'The goal can be at most $10,000,000.' });
      return z.NEVER;
    }
    return cents;
  });

/** docs/product/spec.md §3: a CampaignDonation campaign with a name, description and goal. */
export const campaignInput = z.object({
  name: z
    .string({ error: 'Give the campaign a name.' })
    .trim()
    .min(1, 'Give the campaign a name.')
    .max(120, 'A campaign name can be at most 120 characters.'),
  description: z
    .string()
    .trim()
    .max(1000, 'A description can be at most 1,000 characters.')
    .optional()
    .transform((v) => v || null),
  goal: dollarsAmount,
});
export type CampaignInput = z.infer<typeof campaignInput>;

/** ?from=&to= of the dashboard chart and the compliance CSV; missing means the last 30 days. */
export const dayRangeQuery = z
  .object({
    from: calendarDay('start date').optional(),
    to: calendarDay('end date').optional(),
  })
  .transform((v, ctx) => {
    const fallback = lastDays();
    const range = { from: v.from ?? fallback.from, to: v.to ?? fallback.to };
    const days = dayCount(range.from, range.to);
    if (days === 0) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date must not be before the start.' });
      return z.NEVER;
    }
    if (days > MAX_RANGE_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `Choose at most ${MAX_RANGE_DAYS} days.` });
      return z.NEVER;
    }
    return range;
  });

/** A SocialMedia or GOTV campaign (docs/decisions/0032-gotv-and-candidate-emails.md): no goal, no donation link. */
export const outreachCampaignInput = z.object({
  type: z.enum(OUTREACH_CAMPAIGN_TYPES, { error: 'Choose social media or get out the vote.' }),
  name: campaignInput.shape.name,
  description: campaignInput.shape.description,
});
export type OutreachCampaignInput = z.infer<typeof outreachCampaignInput>;

/**
 * The dashboard's email form: a campaign, followers and/or donors (checkboxes), or instead the
 * engaged people of the last 30/60/90 days (docs/decisions/0099), and the email.
 */
export const supporterEmailInput = composeInput
  .extend({
    campaignId: z.coerce
      .number({ error: 'Choose one of your campaigns.' })
      .int('Choose one of your campaigns.')
      .min(1, 'Choose one of your campaigns.')
      .max(2_147_483_647, 'Choose one of your campaigns.'),
    followers: z.string().optional(),
    donors: z.string().optional(),
    engagedDays: z
      .enum(['', ...ENGAGED_WINDOWS.map(String)], 'Choose 30, 60 or 90 days.')
      .optional()
      .transform((days) => (days ? (Number(days) as EngagedWindow) : undefined)),
  })
  .transform(({ campaignId, followers, donors, engagedDays, ...content }) => ({
    campaignId,
    groups: SUPPORTER_GROUPS.filter((g) => (g === 'followers' ? followers : donors)),
    engagedDays,
    content,
  }))
  .refine((v) => v.engagedDays !== undefined || v.groups.length > 0, {
    path: ['groups'],
    message: 'Choose your followers, your donors or both.',
  });
