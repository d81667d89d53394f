import { hydrateOnFirstUse } from '../lib/hydrate-on-first-use';
import { addToCart } from '../lib/stored-cart';
import { type AddToCartProps, cartItemPickedIn } from './add-to-cart/cart-item';

/**
 * A product page's size, colour, quantity and Add to cart (./add-to-cart/AddToCartForm.tsx),
 * hydrated on first use (docs/decisions/0063-header-islands-hydrate-on-first-use.md): until someone
 * reaches for it, it is the form the server drew with the first size and colour picked, so the page
 * runs no React. A submission before React arrives is held and made once it does, what was picked
 * meanwhile taken over; if the page is left first, the item picked goes into the stored cart
 * without React, so an add is never lost to a slow network.
 */
export function mount(element: HTMLElement, props: AddToCartProps) {
  hydrateOnFirstUse(element, 'AddToCart', props, () => import('./add-to-cart/AddToCartForm'), {
    holdSubmit: true,
    submitOnLeave: (form) => {
      const item = cartItemPickedIn(form, props);
      if (item) addToCart(item);
    },
  });
}
