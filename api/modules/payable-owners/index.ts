import { donationPayments } from '../donations/gift-payments';
import { membershipPayments } from '../membership/subscription-payments';
import { PayableOwners } from '../payments/owners';
import { orderPayments } from '../shop/order-payments';

/**
 * Every payable kind, each with the module that owns it: the one list of kinds (a payable feature
 * adds its line here). It sits outside both the payments module and the owners, so payments never
 * imports shop, donations or membership and no import cycle forms.
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
