import { FieldError } from '../../components/FieldError';

/** The coupon box: what is typed is applied (and quoted) only when the button is pressed. */
export function CouponSection({
  input,
  onInput,
  onApply,
  error,
  appliedCode,
}: {
  /** What is typed; kept by the checkout, so it survives the cart emptying and filling again. */
  input: string;
  onInput: (text: string) => void;
  onApply: (code: string) => void;
  /** The quote's refusal of the applied code. */
  error: string[] | undefined;
  /** The code the last quote applied, if any. */
  appliedCode: string | undefined;
}) {
  return (
    <section aria-labelledby="coupon-heading" className="checkout__coupon">
      <h2 id="coupon-heading">Coupon</h2>
      <label htmlFor="coupon-code">Coupon code</label>
      <input
        id="coupon-code"
        value={input}
        onChange={(e) => onInput(e.target.value)}
        aria-describedby={error ? 'coupon-code-error' : undefined}
        aria-invalid={error ? true : undefined}
      />
      <button type="button" className="button button--small" onClick={() => onApply(input.trim())}>
        Apply
      </button>
      <FieldError id="coupon-code-error" messages={error} />
      {appliedCode !== undefined && <p role="status">Coupon {appliedCode} applied.</p>}
    </section>
  );
}
