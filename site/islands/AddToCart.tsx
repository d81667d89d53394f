import type { ComponentProps } from 'react';
import { hydrateOnFirstUse } from '../lib/hydrate-on-first-use';
import type AddToCartForm from './add-to-cart/AddToCartForm';

/**
 * A product page's size, colour, quantity and Add to cart (./add-to-cart/AddToCartForm.tsx),
 * hydrated on first use (docs/decisions/0063-header-islands-hydrate-on-first-use.md): until someone
 * reaches for it, it is the form the server drew with the first size and colour picked, so the page
 * runs no React. Only React adds to the cart, so a submission before it arrives is held and made
 * once it does; what was picked meanwhile is taken over.
 */
export function mount(element: HTMLElement, props: ComponentProps<typeof AddToCartForm>) {
  hydrateOnFirstUse(element, 'AddToCart', props, () => import('./add-to-cart/AddToCartForm'), {
    holdSubmit: true,
  });
}
