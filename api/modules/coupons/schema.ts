import { z } from 'zod';

/** An empty form field means "not set". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), schema.nullable());

const when = optional(z.coerce.date('Please enter a date and time.'));

const couponFields = {
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{3,32}$/, '3 to 32 letters, digits, - or _.'),
  kind: z.enum(['percent', 'fixed'], 'Please choose percent or fixed amount.'),
  /** Whole percent points for 'percent', cents for 'fixed'. */
  amount: z.coerce.number().int('Whole numbers only.').positive('Must be more than 0.'),
  min_subtotal_cents: z.coerce.number().int('Whole cents only.').min(0, 'Cannot be negative.'),
  starts_at: when,
  ends_at: when,
  max_redemptions: optional(z.coerce.number().int('Whole numbers only.').positive('Must be at least 1.')),
  active: z.boolean(),
};

function checkCoupon(
  c: {
    kind?: 'percent' | 'fixed';
    amount?: number;
    starts_at?: Date | null;
    ends_at?: Date | null;
  },
  ctx: z.RefinementCtx,
) {
  if (c.kind === 'percent' && c.amount !== undefined && c.amount > 100) {
    ctx.addIssue({ code: 'custom', path: ['amount'], message: 'A percentage is at most 100.' });
  }
  if (c.starts_at && c.ends_at && c.ends_at <= c.starts_at) {
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'The end must be after the start.' });
  }
}

export const createCouponInput = z
  .object({
    ...couponFields,
    min_subtotal_cents: couponFields.min_subtotal_cents.default(0),
    starts_at: when.default(null),
    ends_at: when.default(null),
    max_redemptions: couponFields.max_redemptions.default(null),
    active: couponFields.active.default(true),
  })
  .superRefine(checkCoupon);
export type CreateCouponInput = z.infer<typeof createCouponInput>;

/** react-admin sends the whole record on save; unknown fields (id, counts, dates) are dropped. */
export const updateCouponInput = z
  .object(couponFields)
  .partial()
  // Ends the coupon now: it stops applying to new orders at once.
  .extend({ expire: z.boolean().optional() })
  .superRefine(checkCoupon);
export type UpdateCouponInput = z.infer<typeof updateCouponInput>;
