import { type FormEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { dollars } from '../../../api/contract/money';
import { addToCart } from '../../lib/cart';

export interface AddToCartProps {
  slug: string;
  title: string;
  priceCents: number;
  variants: { id: number; size: string; color: string; colorHex: string; stock: number }[];
}

/**
 * Size and colour pickers with the chosen variant's stock state, and Add to cart. Hydrated on first
 * use (../AddToCart.tsx): whatever was picked in the server's form before React arrived is adopted
 * when it mounts, so the state and the page agree.
 */
export default function AddToCartForm({ slug, title, priceCents, variants }: AddToCartProps) {
  const sizes = [...new Set(variants.map((v) => v.size))];
  const colors = [...new Map(variants.map((v) => [v.color, v.colorHex])).entries()];
  const [size, setSize] = useState(sizes[0] ?? '');
  const [color, setColor] = useState(colors[0]?.[0] ?? '');
  const [quantity, setQuantity] = useState(1);
  const [added, setAdded] = useState<string | null>(null);
  const qtyId = useId();
  const form = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    // Hydration leaves a control the person changed as they left it (React does not overwrite
    // user input while hydrating); take those values over once, before the first paint.
    const controls = form.current?.elements;
    if (!controls) return;
    const picked = (name: string) => (controls.namedItem(name) as RadioNodeList | null)?.value || null;
    const pickedSize = picked('size');
    const pickedColor = picked('color');
    if (pickedSize) setSize(pickedSize);
    if (pickedColor) setColor(pickedColor);
    const typed = Number((controls.namedItem('quantity') as HTMLInputElement | null)?.value);
    if (typed >= 1) setQuantity(Math.min(20, Math.floor(typed)));
  }, []);
  const variant = variants.find((v) => v.size === size && v.color === color);
  const stock = variant?.stock ?? 0;
  const stockText = !variant || stock === 0 ? 'Out of stock' : stock <= 5 ? `Only ${stock} left` : 'In stock';

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!variant || stock === 0) return;
    addToCart({
      itemid: variant.id,
      variantid: variant.id,
      quantity: Math.min(quantity, stock),
      unitprice: (priceCents / 100).toFixed(2),
      previewimage: `/merchandise/images/${slug}.svg?color=${variant.colorHex.slice(1)}`,
      options: { size: variant.size, color: variant.color },
      products: { title },
    });
    setAdded(`Added ${title} (${variant.size}, ${variant.color}) to your cart.`);
  }

  return (
    <form ref={form} className="add-to-cart" onSubmit={onSubmit}>
      <img
        className="add-to-cart__preview"
        src={`/merchandise/images/${slug}.svg?color=${(variant?.colorHex ?? colors[0]?.[1] ?? '#1f3a68').slice(1)}`}
        alt={`${title} in ${color}`}
        width={320}
        height={320}
      />
      <p className="add-to-cart__price">{dollars(priceCents)}</p>
      <fieldset>
        <legend>Size</legend>
        {sizes.map((s) => (
          <label key={s} className="chip">
            <input type="radio" name="size" value={s} checked={s === size} onChange={() => setSize(s)} />
            {s}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Color</legend>
        {colors.map(([c, hex]) => (
          <label key={c} className="chip">
            <input type="radio" name="color" value={c} checked={c === color} onChange={() => setColor(c)} />
            <span className="swatch" style={{ background: hex }} aria-hidden="true" />
            {c}
          </label>
        ))}
      </fieldset>
      <p className={`stock-state${stock === 0 ? ' stock-state--out' : ''}`} aria-live="polite">
        {stockText}
      </p>
      <label htmlFor={qtyId}>Quantity</label>
      <input
        id={qtyId}
        name="quantity"
        type="number"
        min={1}
        max={20}
        value={quantity}
        onChange={(e) => setQuantity(Math.max(1, Math.min(20, Number(e.target.value) || 1)))}
      />
      <button
        type="submit"
        className="button button--primary"
        disabled={stock === 0}
        data-track="button"
        data-track-label={`Add to cart: ${title}`}
      >
        Add to cart
      </button>
      <p role="status" className="add-to-cart__added">
        {added}
      </p>
    </form>
  );
}
