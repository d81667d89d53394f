import { useCallback, useEffect, useState } from 'react';
import { CART_RESET_EVENT, CART_STORAGE_KEY } from './sign-out';
import { CART_CHANGE_EVENT, type Cart, emptyCart, readCart, writeCart } from './stored-cart';

/**
 * The cart as React state: empty on the server and first render (so hydration matches), then
 * read from storage, and re-read whenever this tab, another tab or sign-out changes it.
 */
export function useCart() {
  const [cart, setCart] = useState<Cart>(emptyCart);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const reload = () => setCart(readCart());
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === CART_STORAGE_KEY) reload();
    };
    const onReset = () => setCart(emptyCart());
    reload();
    setLoaded(true);
    window.addEventListener('storage', onStorage);
    window.addEventListener(CART_CHANGE_EVENT, reload);
    window.addEventListener(CART_RESET_EVENT, onReset);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener(CART_CHANGE_EVENT, reload);
      window.removeEventListener(CART_RESET_EVENT, onReset);
    };
  }, []);
  const update = useCallback((change: (cart: Cart) => Cart) => setCart(writeCart(change(readCart()))), []);
  return { cart, loaded, update };
}
