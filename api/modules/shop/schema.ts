import { z } from 'zod';
import { rowId } from '../bounds';
import { usAddressSchema } from '../us-address';

export const SHIPPING_OPTIONS = {
  standard: { label: 'Standard', cents: 599, days: '5–7 business days', freeOverCents: 7500 },
  expedited: { label: 'Expedited', cents: 1499, days: '2–3 business days', freeOverCents: null },
  overnight: { label: 'Overnight', cents: 2999, days: '1 business day', freeOverCents: null },
} as const;
export type ShippingOption = keyof typeof SHIPPING_OPTIONS;

/** Per variant, summed over the cart's lines (pricing.ts merges them and checks the sum). */
export const MAX_PER_ITEM = 20;

export const cartLineInput = z.object({
  variantId: rowId,
  quantity: z.number().int().min(1, 'At least 1.').max(MAX_PER_ITEM, `At most ${MAX_PER_ITEM} of one item.`),
});

export const quoteInput = z.object({
  items: z.array(cartLineInput).min(1, 'Your cart is empty.').max(50),
  couponCode: z.string().trim().max(32).optional(),
  shippingOption: z.enum(['standard', 'expedited', 'overnight']).default('standard'),
  /** Whatever the client believes the total is: accepted and ignored. */
  clientTotal: z.unknown().optional(),
});
export type QuoteInput = z.input<typeof quoteInput>;

/** The street's field is line1 here, beside an optional second line. */
const { street, ...cityStateZip } = usAddressSchema('the').shape;

export const addressInput = z.object({
  name: z.string().trim().min(1, 'Enter the recipient’s name.').max(100),
  line1: street,
  line2: z.string().trim().max(200).optional(),
  ...cityStateZip,
});

/** Flat, so each address field's error comes back under its own name. */
export const checkoutInput = quoteInput.extend({
  email: z.email('Enter a valid email address.').max(254),
  ...addressInput.shape,
  /**
   * One random value per checkout attempt, resent when the client retries (checkout-replay.ts).
   * Optional, so older clients keep working (without replay protection).
   */
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,100}$/, 'A checkout key is 16 to 100 letters, digits, - or _.')
    .optional(),
});
export type CheckoutInput = z.input<typeof checkoutInput>;
export type CheckoutOutput = z.output<typeof checkoutInput>;

export const orderLookupInput = z.object({
  number: z.string().trim().min(1, 'Enter your order number.').max(40),
  email: z.string().trim().min(1, 'Enter the email used for the order.').max(254),
});

export const returnRequestInput = orderLookupInput.extend({
  itemIds: z.array(rowId).min(1, 'Choose the items to return.').max(50),
  reason: z.string().trim().min(3, 'Tell us why you are returning these items.').max(1000),
});

export const myOrderInput = orderLookupInput.pick({ number: true });
