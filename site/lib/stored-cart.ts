import { CART_STORAGE_KEY } from './sign-out';

/** Dispatched on window when this tab changes the stored cart (site/lib/cart.ts). */
export const CART_CHANGE_EVENT = 'cart:change';

/**
 * Whether the cart in localStorage holds anything, read without React: the header's cart button
 * hydrates at load only then, since an empty cart looks as the server drew it
 * (site/islands/CartButton.tsx).
 */
export function storedCartHasItems(): boolean {
  try {
    const raw = window.localStorage.getItem(CART_STORAGE_KEY);
    const items = raw ? (JSON.parse(raw) as { orderitems?: unknown }).orderitems : undefined;
    return (
      Array.isArray(items) && items.some((item) => Number((item as { quantity?: unknown })?.quantity) > 0)
    );
  } catch {
    return false;
  }
}
