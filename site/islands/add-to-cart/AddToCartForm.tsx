import { type FormEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { dollars } from '../../../api/contract/money';
import { addToCart, MAX_QUANTITY } from '../../lib/stored-cart';
import { type AddToCartProps, cartItemFor, pickedInForm, previewImageFor } from './cart-item';

/**
 * Size and colour pickers with the chosen variant's stock state, and Add to cart. Hydrated on first
 * use (../AddToCart.tsx): whatever was picked in the server's form before React arrived is adopted
 * when it mounts, so the state and the page agree.
 */
export default function AddToCartForm(props: AddToCartProps) {
  const { slug, title, priceCents, variants } = props;
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
    if (!form.current) return;
    const picked = pickedInForm(form.current);
    if (picked.size) setSize(picked.size);
    if (picked.color) setColor(picked.color);
    if (picked.quantity) setQuantity(picked.quantity);
  }, []);
  const variant = variants.find((v) => v.size === size && v.color === color);
  const stock = variant?.stock ?? 0;
  const stockText = !variant || stock === 0 ? 'Out of stock' : stock <= 5 ? `Only ${stock} left` : 'In stock';

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const item = cartItemFor(props, variant, quantity);
    if (!item) return;
    addToCart(item);
    setAdded(`Added ${title} (${item.options.size}, ${item.options.color}) to your cart.`);
  }

  return (
    <form ref={form} className="add-to-cart" onSubmit={onSubmit}>
      <img
        className="add-to-cart__preview"
        src={previewImageFor(slug, variant?.colorHex ?? colors[0]?.[1] ?? '#1f3a68')}
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
        max={MAX_QUANTITY}
        value={quantity}
        onChange={(e) => setQuantity(Math.max(1, Math.min(MAX_QUANTITY, Number(e.target.value) || 1)))}
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
