import { z } from 'zod';
import type { Db } from '../../db/client';
import {
  type AddressWhose,
  US_STATE_PATTERN,
  US_ZIP_PATTERN,
  usAddressMessages,
} from '../contract/us-address';
import { ValidationError } from './errors';
import { isReferenceValue } from './reference-options/service';

/**
 * A US mailing address as the gift (donations/schema.ts) and the checkout (shop/schema.ts) take it;
 * its words and rules are the forms' own (api/contract/us-address.ts). Each schema spreads its
 * shape into a flat input, so each field's error comes back under its own name.
 */
export function usAddressSchema(whose: AddressWhose) {
  const says = usAddressMessages(whose);
  return z.object({
    street: z.string().trim().min(1, says.street).max(200),
    city: z.string().trim().min(1, says.city).max(100),
    state: z.string().trim().regex(US_STATE_PATTERN, says.state),
    zip: z.string().trim().regex(US_ZIP_PATTERN, says.zip),
  });
}

/** The schema checks a state's shape; this, that it is one of the states list (a gift's, a parcel's). */
export async function assertUsState(db: Db, state: string): Promise<void> {
  if (!(await isReferenceValue(db, 'states', state)))
    throw new ValidationError({ state: ['Choose a US state.'] });
}
