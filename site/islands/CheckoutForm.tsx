import { type FormEvent, useEffect, useRef, useState } from 'react';
import { dollars } from '../../api/contract/money';
import { FieldError } from '../components/FieldError';
import { useCart } from '../lib/cart';
import { useQuery } from '../lib/query-hooks/use-query';
import { fieldErrorsOf, messageOf, trpc } from '../lib/trpc';

export interface CheckoutFormProps {
  states: { value: string; label: string }[];
  email: string;
}

const SHIPPING = [
  { value: 'standard', label: 'Standard — $5.99, 5–7 business days (free over $75)' },
  { value: 'expedited', label: 'Expedited — $14.99, 2–3 business days' },
  { value: 'overnight', label: 'Overnight — $29.99, 1 business day' },
] as const;
type Shipping = (typeof SHIPPING)[number]['value'];
const FIELDS = [
  ['email', 'Email', 'email'],
  ['name', 'Full name', 'name'],
  ['line1', 'Street address', 'address-line1'],
  ['line2', 'Apartment, suite (optional)', 'address-line2'],
  ['city', 'City', 'address-level2'],
  ['zip', 'ZIP code', 'postal-code'],
] as const;

/** A random checkout key; randomUUID needs a secure context, so plain-http hosts get hex. */
function newCheckoutKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

/** /cart: edit the cart, then check out. Every figure shown comes from the server's quote. */
export default function CheckoutForm({ states, email }: CheckoutFormProps) {
  const { cart, loaded, update } = useCart();
  const [shipping, setShipping] = useState<Shipping>('standard');
  const [couponInput, setCouponInput] = useState('');
  const [coupon, setCoupon] = useState('');
  const [values, setValues] = useState<Record<string, string>>({ email, state: '' });
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One idempotency key per checkout attempt (docs/decisions/0016-checkout-guards.md): kept while the request stays
  // the same, so pressing the button again after a lost answer replays the order the server may
  // already have made instead of reserving the stock twice; any change to the request gets a new key.
  const attempt = useRef<{ request: string; key: string } | null>(null);
  useEffect(() => {
    // Back from the payment page through the browser's cache: a new attempt, and the button works.
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      attempt.current = null;
      setBusy(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
  const items = cart.orderitems.map((i) => ({ variantId: i.variantid, quantity: i.quantity }));
  const quote = useQuery({
    queryKey: ['shop.quote', items, coupon, shipping],
    queryFn: () =>
      trpc.shop.quote.query({ items, couponCode: coupon || undefined, shippingOption: shipping }),
    enabled: loaded && items.length > 0,
    retry: false,
  });
  const couponError = coupon && quote.error ? fieldErrorsOf(quote.error)?.fieldErrors.couponCode : undefined;

  function setQuantity(variantId: number, quantity: number) {
    update((c) => ({
      ...c,
      orderitems: c.orderitems.map((i) => (i.variantid === variantId ? { ...i, quantity } : i)),
    }));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFormError(null);
    const request = {
      items,
      couponCode: coupon || undefined,
      shippingOption: shipping,
      email: values.email ?? '',
      name: values.name ?? '',
      line1: values.line1 ?? '',
      line2: values.line2 || undefined,
      city: values.city ?? '',
      state: values.state ?? '',
      zip: values.zip ?? '',
    };
    const text = JSON.stringify(request);
    if (attempt.current?.request !== text) attempt.current = { request: text, key: newCheckoutKey() };
    try {
      const started = await trpc.shop.startCheckout.mutate({
        ...request,
        idempotencyKey: attempt.current.key,
      });
      window.location.assign(started.payUrl);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields?.fieldErrors ?? {});
      setFormError(messageOf(error));
      setBusy(false);
    }
  }

  if (!loaded) return <p>Loading your cart…</p>;
  if (cart.orderitems.length === 0) {
    return (
      <div className="checkout-empty">
        <p>You have nothing in your cart.</p>
        <a className="button button--primary" href="/merchandise">
          Browse products
        </a>
      </div>
    );
  }
  const q = quote.data;
  return (
    <form className="checkout" onSubmit={onSubmit} noValidate>
      <section aria-labelledby="cart-items-heading" className="checkout__items">
        <h2 id="cart-items-heading">Items</h2>
        <ul>
          {cart.orderitems.map((item) => (
            <li key={item.variantid} className="checkout__line">
              <img src={item.previewimage} alt="" width={64} height={64} />
              <div>
                <p className="checkout__line-title">{item.products.title}</p>
                <p>
                  Size: {item.options.size} · Color: {item.options.color}
                </p>
              </div>
              <label>
                Quantity
                <input
                  type="number"
                  min={1}
                  max={20}
                  value={item.quantity}
                  onChange={(e) =>
                    setQuantity(item.variantid, Math.max(1, Math.min(20, Number(e.target.value) || 1)))
                  }
                />
              </label>
              <p>${item.total}</p>
              <button
                type="button"
                className="button button--small"
                onClick={() => setQuantity(item.variantid, 0)}
              >
                Remove<span className="visually-hidden"> {item.products.title}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="coupon-heading" className="checkout__coupon">
        <h2 id="coupon-heading">Coupon</h2>
        <label htmlFor="coupon-code">Coupon code</label>
        <input
          id="coupon-code"
          value={couponInput}
          onChange={(e) => setCouponInput(e.target.value)}
          aria-describedby={couponError ? 'coupon-code-error' : undefined}
          aria-invalid={couponError ? true : undefined}
        />
        <button type="button" className="button button--small" onClick={() => setCoupon(couponInput.trim())}>
          Apply
        </button>
        <FieldError id="coupon-code-error" messages={couponError} />
        {q?.coupon && <p role="status">Coupon {q.coupon.code} applied.</p>}
      </section>
      <fieldset className="checkout__address">
        <legend>Shipping address (United States)</legend>
        {FIELDS.map(([name, label, auto]) => (
          <div key={name} className="field">
            <label htmlFor={`checkout-${name}`}>{label}</label>
            <input
              id={`checkout-${name}`}
              name={name}
              type={name === 'email' ? 'email' : 'text'}
              autoComplete={auto}
              value={values[name] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={errors[name] ? `checkout-${name}-error` : undefined}
            />
            <FieldError id={`checkout-${name}-error`} messages={errors[name]} />
          </div>
        ))}
        <div className="field">
          <label htmlFor="checkout-state">State</label>
          <select
            id="checkout-state"
            name="state"
            value={values.state ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, state: e.target.value }))}
            aria-invalid={errors.state ? true : undefined}
            aria-describedby={errors.state ? 'checkout-state-error' : undefined}
          >
            <option value="">Choose a state</option>
            {states.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
          <FieldError id="checkout-state-error" messages={errors.state} />
        </div>
      </fieldset>
      <fieldset className="checkout__shipping">
        <legend>Shipping option</legend>
        {SHIPPING.map((o) => (
          <label key={o.value} className="radio">
            <input
              type="radio"
              name="shipping"
              value={o.value}
              checked={shipping === o.value}
              onChange={() => setShipping(o.value)}
            />
            {o.label}
          </label>
        ))}
      </fieldset>
      <section aria-labelledby="summary-heading" className="checkout__summary" aria-live="polite">
        <h2 id="summary-heading">Order summary</h2>
        {q ? (
          <dl>
            <div>
              <dt>Subtotal ({q.itemCount} items)</dt>
              <dd data-testid="summary-subtotal">{dollars(q.subtotalCents)}</dd>
            </div>
            <div>
              <dt>Discount</dt>
              <dd data-testid="summary-discount">−{dollars(q.discountCents)}</dd>
            </div>
            <div>
              <dt>Shipping</dt>
              <dd data-testid="summary-shipping">{dollars(q.shippingCents)}</dd>
            </div>
            <div className="checkout__total">
              <dt>Total</dt>
              <dd data-testid="summary-total">{dollars(q.totalCents)}</dd>
            </div>
          </dl>
        ) : (
          <p>{quote.error && !couponError ? messageOf(quote.error) : 'Calculating…'}</p>
        )}
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={busy || !q}>
          Continue to payment
        </button>
      </section>
    </form>
  );
}
