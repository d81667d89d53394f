const SHIPPING = [
  { value: 'standard', label: 'Standard — $5.99, 5–7 business days (free over $75)' },
  { value: 'expedited', label: 'Expedited — $14.99, 2–3 business days' },
  { value: 'overnight', label: 'Overnight — $29.99, 1 business day' },
] as const;
export type Shipping = (typeof SHIPPING)[number]['value'];

/** The three shipping speeds, one chosen. */
export function ShippingOptionsFieldset({
  shipping,
  onShipping,
}: {
  shipping: Shipping;
  onShipping: (shipping: Shipping) => void;
}) {
  return (
    <fieldset className="checkout__shipping">
      <legend>Shipping option</legend>
      {SHIPPING.map((o) => (
        <label key={o.value} className="radio">
          <input
            type="radio"
            name="shipping"
            value={o.value}
            checked={shipping === o.value}
            onChange={() => onShipping(o.value)}
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}
