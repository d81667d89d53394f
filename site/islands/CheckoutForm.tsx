import { type FormEvent, useState } from 'react';
import { useCart } from '../lib/cart';
import type { FieldErrors } from '../lib/form-errors';
import { useQuery } from '../lib/query-hooks/use-query';
import { fieldErrorsOf, messageOf, trpc } from '../lib/trpc';
import { CartItemsSection } from './checkout-form/CartItemsSection';
import { CouponSection } from './checkout-form/CouponSection';
import { useCheckoutAttempt } from './checkout-form/checkout-attempt';
import { OrderSummarySection } from './checkout-form/OrderSummarySection';
import { ShippingAddressFieldset } from './checkout-form/ShippingAddressFieldset';
import { type Shipping, ShippingOptionsFieldset } from './checkout-form/ShippingOptionsFieldset';

export interface CheckoutFormProps {
  states: { value: string; label: string }[];
  email: string;
}

/** /cart: edit the cart, then check out. Every figure shown comes from the server's quote. */
export default function CheckoutForm({ states, email }: CheckoutFormProps) {
  const { cart, loaded, update } = useCart();
  const [shipping, setShipping] = useState<Shipping>('standard');
  const [couponInput, setCouponInput] = useState('');
  const [coupon, setCoupon] = useState('');
  const [values, setValues] = useState<Record<string, string>>({ email, state: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const checkoutKeyFor = useCheckoutAttempt(setBusy);
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
    try {
      const started = await trpc.shop.startCheckout.mutate({
        ...request,
        idempotencyKey: checkoutKeyFor(request),
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
      <CartItemsSection items={cart.orderitems} onQuantity={setQuantity} />
      <CouponSection
        input={couponInput}
        onInput={setCouponInput}
        onApply={setCoupon}
        error={couponError}
        appliedCode={q?.coupon ? q.coupon.code : undefined}
      />
      <ShippingAddressFieldset
        values={values}
        onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
        errors={errors}
        states={states}
      />
      <ShippingOptionsFieldset shipping={shipping} onShipping={setShipping} />
      <OrderSummarySection
        quote={q}
        quoteMessage={quote.error && !couponError ? messageOf(quote.error) : 'Calculating…'}
        formError={formError}
        busy={busy}
      />
    </form>
  );
}
