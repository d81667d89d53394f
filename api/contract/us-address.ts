/**
 * A US mailing address as the gift form and the checkout ask for it: the labels, the refusals and
 * the rules for a state and a ZIP code, written once for the forms (site/components/UsAddressFields.tsx)
 * and the servers' zod schema (api/modules/us-address.ts). Imports nothing.
 */

/** Whose address it is, as the refusals say it: the donor's own ("your") or a parcel's recipient ("the"). */
export type AddressWhose = 'your' | 'the';

/** The fields' labels, and the state select's empty choice. */
export const US_ADDRESS_LABELS = {
  street: 'Street address',
  line2: 'Apartment, suite (optional)',
  city: 'City',
  state: 'State',
  zip: 'ZIP code',
  noState: 'Choose a state',
} as const;

/** A state's two-letter postal code; the server then checks it is one of ours. */
export const US_STATE_PATTERN = /^[A-Z]{2}$/;

/** Five digits, or ZIP+4. */
export const US_ZIP_PATTERN = /^\d{5}(-\d{4})?$/;

/** What each field says when it is refused. */
export function usAddressMessages(whose: AddressWhose) {
  return {
    street: `Enter ${whose} street address.`,
    city: `Enter ${whose} city.`,
    state: 'Choose a state.',
    zip: 'Enter a 5-digit ZIP code (or ZIP+4).',
  };
}
