import { dollars } from '../../../api/contract/money';

/** The server's quote, as the summary shows it. */
export interface QuoteFigures {
  itemCount: number;
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
}

/**
 * The order summary, read out as it changes: the quote's figures (or why there are none yet),
 * the refusal of the last try, and the button that goes on to pay.
 */
export function OrderSummarySection({
  quote,
  quoteMessage,
  formError,
  busy,
}: {
  quote: QuoteFigures | undefined;
  /** Said instead of the figures while there is no quote. */
  quoteMessage: string;
  formError: string | null;
  busy: boolean;
}) {
  return (
    <section aria-labelledby="summary-heading" className="checkout__summary" aria-live="polite">
      <h2 id="summary-heading">Order summary</h2>
      {quote ? (
        <dl>
          <div>
            <dt>Subtotal ({quote.itemCount} items)</dt>
            <dd data-testid="summary-subtotal">{dollars(quote.subtotalCents)}</dd>
          </div>
          <div>
            <dt>Discount</dt>
            <dd data-testid="summary-discount">−{dollars(quote.discountCents)}</dd>
          </div>
          <div>
            <dt>Shipping</dt>
            <dd data-testid="summary-shipping">{dollars(quote.shippingCents)}</dd>
          </div>
          <div className="checkout__total">
            <dt>Total</dt>
            <dd data-testid="summary-total">{dollars(quote.totalCents)}</dd>
          </div>
        </dl>
      ) : (
        <p>{quoteMessage}</p>
      )}
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={busy || !quote}>
        Continue to payment
      </button>
    </section>
  );
}
