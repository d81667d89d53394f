import { donationPayments } from '../donations/gift-payments';
import { membershipPayments } from '../membership/subscription-payments';
import { PayableOwners } from '../payments/owners';
import { orderPayments } from '../shop/order-payments';

/**
 * The app's wiring of payable kinds to the modules that own them. It sits outside both the
 * payments module and the owners, so payments never imports shop or donations (membership
 * registers here when it lands) and no import cycle forms.
 */
export function createAppPayableOwners(): PayableOwners {
  return new PayableOwners()
    .register('order', orderPayments)
    .register('donation', donationPayments)
    .register('subscription', membershipPayments);
}

let appOwners: PayableOwners | undefined;

/** One registry for the process: the webhook door, the test gateway's pay page and its renewals. */
export function appPayableOwners(): PayableOwners {
  appOwners ??= createAppPayableOwners();
  return appOwners;
}
