import { z } from 'zod';
import { MIN_GIFT_CENTS } from '../../contract/donations';
import { INDIVIDUAL_LIMIT_PER_ELECTION_CENTS } from '../../contract/fec-limits';
import { cleanRefcode } from '../../contract/giving-links';
import { rowId } from '../bounds';
import { usAddressSchema } from '../us-address';

/** The one statement's refusal: a gift is never made without it accepted. */
export const RULES_MISSING = 'Confirm the contribution rules to give.';

const attested = (message: string) =>
  z
    .union([z.boolean(), z.literal('on')], { error: message })
    .refine((value) => value === true || value === 'on', { error: message })
    .transform(() => true as const);

/** Where the donor came from: kept when it is a refcode, dropped (never refused) when it is not. */
const refcode = z.unknown().transform(cleanRefcode);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * A gift as the donation form sends it (docs/product/rulings.md "Donations"): flat, so each
 * field's error comes back under its own name. Employer and occupation are optional here; the
 * server requires them once the donor's cycle total passes $200 (start-gift.ts).
 */
export const giftInput = z.object({
  candidate: z.string().trim().min(1).max(80),
  campaignId: rowId.optional(),
  amountCents: z
    .number({ error: 'Choose or enter an amount.' })
    .int('Enter whole cents.')
    .min(MIN_GIFT_CENTS, 'The smallest gift is $1.')
    .max(INDIVIDUAL_LIMIT_PER_ELECTION_CENTS, 'An individual may give at most $3,500 per election.'),
  frequency: z.enum(['once', 'monthly'], { error: 'Choose once or monthly.' }),
  designateGeneral: z.boolean().optional().default(false),
  firstName: z.string().trim().min(1, 'Enter your first name.').max(80),
  lastName: z.string().trim().min(1, 'Enter your last name.').max(80),
  email: z.email('Enter a valid email address.').max(254),
  ...usAddressSchema('your').shape,
  employer: optionalText(120),
  occupation: optionalText(120),
  refcode: refcode.optional(),
  refcode2: refcode.optional(),
  acceptRules: attested(RULES_MISSING),
});
export type GiftInput = z.input<typeof giftInput>;
export type Gift = z.output<typeof giftInput>;

/** What a donor past $200 is asked for, on the form and in the follow-up. */
export const EMPLOYER_MISSING = 'Enter your employer (or "Self-employed", "Retired", "None").';
export const OCCUPATION_MISSING = 'Enter your occupation.';

/** The best-efforts follow-up's answer (/donate/follow-up/{ref}). */
export const followUpInput = z.object({
  employer: z.string().trim().min(1, EMPLOYER_MISSING).max(120),
  occupation: z.string().trim().min(1, OCCUPATION_MISSING).max(120),
});
