import { MAX_QUANTITY, type OrderItem } from '../../lib/stored-cart';

export interface AddToCartProps {
  slug: string;
  title: string;
  priceCents: number;
  variants: { id: number; size: string; color: string; colorHex: string; stock: number }[];
}

type Variant = AddToCartProps['variants'][number];

/** The product's picture in a colour: the page's preview and the cart line's. */
export function previewImageFor(slug: string, colorHex: string): string {
  return `/merchandise/images/${slug}.svg?color=${colorHex.slice(1)}`;
}

/** The cart line Add to cart makes for a variant, or null when none of it is in stock. */
export function cartItemFor(
  { slug, title, priceCents }: AddToCartProps,
  variant: Variant | undefined,
  quantity: number,
): Omit<OrderItem, 'total'> | null {
  if (!variant || variant.stock === 0) return null;
  return {
    itemid: variant.id,
    variantid: variant.id,
    quantity: Math.min(quantity, variant.stock),
    unitprice: (priceCents / 100).toFixed(2),
    previewimage: previewImageFor(slug, variant.colorHex),
    options: { size: variant.size, color: variant.color },
    products: { title },
  };
}

/**
 * What the form shows as picked (size, colour, quantity), read from its controls: before React
 * has loaded, the controls are all there is. Null for a value nothing is picked for.
 */
export function pickedInForm(form: HTMLFormElement): {
  size: string | null;
  color: string | null;
  quantity: number | null;
} {
  const controls = form.elements;
  const picked = (name: string) => (controls.namedItem(name) as RadioNodeList | null)?.value || null;
  const typed = Number((controls.namedItem('quantity') as HTMLInputElement | null)?.value);
  return {
    size: picked('size'),
    color: picked('color'),
    quantity: typed >= 1 ? Math.min(MAX_QUANTITY, Math.floor(typed)) : null,
  };
}

/** The cart line for what the form shows as picked: Add to cart without React. */
export function cartItemPickedIn(
  form: HTMLFormElement,
  props: AddToCartProps,
): Omit<OrderItem, 'total'> | null {
  const { size, color, quantity } = pickedInForm(form);
  const variant = props.variants.find((v) => v.size === size && v.color === color);
  return cartItemFor(props, variant, quantity ?? 1);
}
