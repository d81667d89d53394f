import { useEffect } from 'react';
import { clearCart } from '../lib/stored-cart';

/** On /ordersuccess: the order is paid, so the cart is emptied (in every tab, via storage). */
export default function CartCleaner({ clear }: { clear: boolean }) {
  useEffect(() => {
    if (clear) clearCart();
  }, [clear]);
  return null;
}
