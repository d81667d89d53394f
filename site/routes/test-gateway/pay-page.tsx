import { dollars } from '../../../api/contract/money';
import { deliverTestGatewayEvent } from '../../../api/modules/payments/test-gateway-delivery';
import { loadOrder } from '../../../api/modules/shop/lookup';
import { chargeTestCard, testPaymentEvent } from '../../../api/ports/payments/test-gateway';
import { PageHero, Prose } from '../../components/PageHero';
import { renderPage } from '../../render/render-page';
import type { RouteContext } from '../../server/page';
import { paymentDeps } from './payment-deps';

/** The card form of the local test gateway's hosted payment page, for a pending order and its token. */
export async function showPaymentForm(c: RouteContext<'/pay/:number'>) {
  const order = await loadOrder(c.get('db'), c.req.param('number'));
  if (!order || order.payment_token !== c.req.query('token') || order.status !== 'pending_payment') {
    return c.redirect(`/orderfailed?order=${encodeURIComponent(c.req.param('number'))}`, 303);
  }
  return renderPage(c, {
    meta: { title: 'Test payment', description: 'Campaign HQ test payment gateway.', noindex: true },
    body: (
      <div className="shop">
        <PageHero
          eyebrow="Test gateway"
          title={`Pay ${dollars(order.total_cents)}`}
          lead={`Order ${order.number}`}
        />
        <Prose>
          <p>
            This is the local test gateway: use 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 for a
            declined card. No money moves.
          </p>
          <form method="post" className="pay-form">
            <input type="hidden" name="token" value={order.payment_token} />
            <label htmlFor="card-number">Card number</label>
            <input id="card-number" name="card" inputMode="numeric" autoComplete="cc-number" required />
            <label htmlFor="card-expiry">Expiry (MM/YY)</label>
            <input id="card-expiry" name="expiry" autoComplete="cc-exp" defaultValue="12/30" />
            <label htmlFor="card-cvc">CVC</label>
            <input id="card-cvc" name="cvc" autoComplete="cc-csc" defaultValue="123" />
            <button type="submit" className="button button--primary">
              Pay {dollars(order.total_cents)}
            </button>
          </form>
        </Prose>
      </div>
    ),
  });
}

/** The form's post: charge the test card, then report the outcome as the provider's signed webhook would. */
export async function chargeTestPayment(c: RouteContext<'/pay/:number'>) {
  const number = c.req.param('number');
  const form = await c.req.parseBody();
  const order = await loadOrder(c.get('db'), number);
  const failed = `/orderfailed?order=${encodeURIComponent(number)}`;
  const succeeded = `/ordersuccess?order=${encodeURIComponent(number)}`;
  if (!order || order.payment_token !== String(form.token ?? '')) return c.redirect(failed, 303);
  // The page completes once, as a provider's checkout does: a paid or cancelled order takes no charge.
  if (order.status !== 'pending_payment') return c.redirect(order.paid_at ? succeeded : failed, 303);
  const outcome = chargeTestCard(String(form.card ?? ''));
  // Reported exactly as a provider would: a signed body through the webhook's own verification.
  // One event id per order: posts racing past the check above are one charge, recorded once.
  const event = testPaymentEvent(order.number, outcome, `evt_order_${order.number}`);
  await deliverTestGatewayEvent(paymentDeps(c), event);
  return c.redirect(outcome.ok ? succeeded : failed, 303);
}
