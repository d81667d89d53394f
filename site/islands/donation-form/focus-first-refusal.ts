import { useEffect } from 'react';
import { RULES_FIELD } from '../../../api/contract/donations';
import type { FieldErrors } from '../../lib/form-errors';

/** Where focus goes for each field's error, in the form's order. */
const FOCUS_ORDER: [string, string][] = [
  ['amountCents', 'donate-amount-0'],
  ['frequency', 'donate-frequency-once'],
  ['firstName', 'donate-firstName'],
  ['lastName', 'donate-lastName'],
  ['email', 'donate-email'],
  ['street', 'donate-street'],
  ['city', 'donate-city'],
  ['state', 'donate-state'],
  ['zip', 'donate-zip'],
  ['employer', 'donate-employer'],
  ['occupation', 'donate-occupation'],
  [RULES_FIELD, `donate-${RULES_FIELD}`],
];

/** Moves focus to the first refused field, in the form's order, whenever the refusals change. */
export function useFocusFirstRefusal(errors: FieldErrors) {
  useEffect(() => {
    const first = FOCUS_ORDER.find(([name]) => errors[name]?.length);
    if (first) document.getElementById(first[1])?.focus();
  }, [errors]);
}
