import { hydrateOnFirstUse } from '../lib/hydrate-on-first-use';
import { CART_CHANGE_EVENT, storedCartHasItems } from '../lib/stored-cart';

/**
 * The header's cart button and mini cart (./cart-button/CartButtonPopup.tsx), hydrated on first
 * use (docs/decisions/0063-header-islands-hydrate-on-first-use.md): an empty cart is what the
 * server drew, so a visitor with nothing in it runs no React until they reach for the button. A
 * cart with items in storage, or one filled later (in this tab or another), hydrates it at once
 * so the count shows.
 */
export function mount(element: HTMLElement, props: Record<string, never>) {
  hydrateOnFirstUse(element, 'CartButton', props, () => import('./cart-button/CartButtonPopup'), {
    now: storedCartHasItems(),
    wakeOn: { types: [CART_CHANGE_EVENT, 'storage'], when: storedCartHasItems },
  });
}
