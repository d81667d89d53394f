import { CART_STORAGE_KEY } from './sign-out';

/**
 * The cart kept in this browser's localStorage (docs/product/spec.md §3), read and written without
 * React: the header's cart button asks it at load, and a product page's Add to cart writes to it
 * even when the page is left before React has loaded (site/islands/AddToCart.tsx). The React
 * state over it is site/lib/cart.ts.
 */

/** At most this many of one item in a cart (a product page's quantity field goes no higher). */
export const MAX_QUANTITY = 20;

/** Dispatched on window when this tab changes the stored cart. */
export const CART_CHANGE_EVENT = 'cart:change';

/** Order item (docs/product/spec.md §3); `variantid` and `unitprice` are ours, for the server's quote. */
export interface OrderItem {
  itemid: number;
  variantid: number;
  quantity: number;
  /** Line total in dollars, 2 decimals. */
  total: string;
  unitprice: string;
  previewimage: string;
  options: { size: string; color: string };
  products: { title: string };
}

/** Cart (docs/product/spec.md §3), kept in localStorage under `cartItems`. */
export interface Cart {
  id: number;
  userid: number | null;
  name: string;
  email: string;
  status: number;
  orderstatusoptions: string;
  states: string;
  paymentreference: string;
  shippingaddress: string;
  shippingcity: string;
  shippingstate: string;
  shippingzipcode: string;
  total: string;
  couponcode: string;
  orderitems: OrderItem[];
}

export const DEFAULT_SIZE = 'Default Size';
export const DEFAULT_COLOR = 'Default Color';

export function emptyCart(): Cart {
  return {
    id: 0,
    userid: null,
    name: '',
    email: '',
    status: 1,
    orderstatusoptions: '',
    states: '',
    paymentreference: '',
    shippingaddress: '',
    shippingcity: '',
    shippingstate: '',
    shippingzipcode: '',
    total: '0.00',
    couponcode: '',
    orderitems: [],
  };
}

const toCents = (text: string) => Math.round(Number.parseFloat(text || '0') * 100) || 0;

export function readCart(): Cart {
  try {
    const raw = window.localStorage.getItem(CART_STORAGE_KEY);
    if (!raw) return emptyCart();
    const parsed = JSON.parse(raw) as Partial<Cart>;
    const items = Array.isArray(parsed.orderitems) ? parsed.orderitems : [];
    return {
      ...emptyCart(),
      ...parsed,
      orderitems: items.map((i) => ({
        ...i,
        options: { size: i.options?.size || DEFAULT_SIZE, color: i.options?.color || DEFAULT_COLOR },
        products: { title: i.products?.title ?? '' },
      })),
    };
  } catch {
    return emptyCart();
  }
}

function withTotals(cart: Cart): Cart {
  const orderitems = cart.orderitems
    .filter((i) => i.quantity > 0)
    .map((i) => ({ ...i, total: ((toCents(i.unitprice) * i.quantity) / 100).toFixed(2) }));
  const total = orderitems.reduce((sum, i) => sum + toCents(i.total), 0);
  return { ...cart, orderitems, total: (total / 100).toFixed(2) };
}

export function writeCart(cart: Cart): Cart {
  const next = withTotals(cart);
  window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(next));
  window.dispatchEvent(new Event(CART_CHANGE_EVENT));
  return next;
}

export function clearCart() {
  window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(emptyCart()));
  window.dispatchEvent(new Event(CART_CHANGE_EVENT));
}

export function addToCart(item: Omit<OrderItem, 'total'>) {
  const cart = readCart();
  const existing = cart.orderitems.find((i) => i.variantid === item.variantid);
  if (existing) existing.quantity = Math.min(MAX_QUANTITY, existing.quantity + item.quantity);
  else cart.orderitems.push({ ...item, total: '0.00' });
  return writeCart(cart);
}

export function cartCount(cart: Cart) {
  return cart.orderitems.reduce((n, i) => n + i.quantity, 0);
}

/**
 * Whether the cart in localStorage holds anything: the header's cart button hydrates at load only
 * then, since an empty cart looks as the server drew it (site/islands/CartButton.tsx).
 */
export function storedCartHasItems(): boolean {
  return cartCount(readCart()) > 0;
}
