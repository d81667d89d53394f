import type { Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { dollars } from '../../../api/contract/money';
import { getReferenceLists } from '../../../api/modules/reference-options/service';
import {
  checkoutBrowser,
  checkoutBrowserHash,
  checkoutCookie,
  checkoutCookieName,
} from '../../../api/modules/shop/checkout-browser';
import { loadOrder } from '../../../api/modules/shop/lookup';
import { loadOrderForViewer } from '../../../api/modules/shop/order-access';
import { SHIPPING_OPTIONS, type ShippingOption } from '../../../api/modules/shop/schema';
import type { AppEnv } from '../../../api/platform/env';
import { createPaymentsPort } from '../../../api/ports/payments';
import {
  chargeTestCard,
  SIGNATURE_HEADER,
  signWebhook,
  testPaymentEvent,
} from '../../../api/ports/payments/test-gateway';
import { receivePaymentWebhook } from '../../../api/routes/payments';
import { PageHero, Prose } from '../../components/PageHero';
import { renderPage } from '../../render/render-page';
import { Island } from '../../server/Island';

/** The order on /ordersuccess or /orderfailed, for whoever placed it only (else null, as if missing). */
function ownOrder(c: Context<AppEnv>) {
  const cookie = getCookie(c, checkoutCookieName(c.get('config').secureCookies));
  return loadOrderForViewer(c.get('db'), c.req.query('order') ?? '', {
    userId: c.get('user')?.id ?? null,
    browserHash: checkoutBrowserHash(cookie),
  });
}

export function registerCheckoutRoutes(app: Hono<AppEnv>) {
  app.get('/cart', async (c) => {
    // The checkout cookie exists before the first startCheckout, so a retry after a lost answer
    // carries the same browser (and so finds the order its idempotency key made).
    const secure = c.get('config').secureCookies;
    const browser = checkoutBrowser(getCookie(c, checkoutCookieName(secure)));
    if (browser.issued) c.header('Set-Cookie', checkoutCookie(secure, browser.token), { append: true });
    const lists = await getReferenceLists(c.get('db'));
    return renderPage(c, {
      meta: {
        title: 'Your cart',
        description: 'Review your items, apply a coupon, choose shipping and check out securely.',
        noindex: true,
      },
      body: (
        <div className="shop">
          <PageHero eyebrow="Checkout" title="Your cart" />
          <Island name="CheckoutForm" props={{ states: lists.states ?? [], email: '' }} />
        </div>
      ),
    });
  });

  /** The local test gateway's hosted payment page (the default payments adapter). */
  app.get('/pay/:number', async (c) => {
    if (createPaymentsPort(c.get('config')).provider !== 'test') return c.notFound();
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
  });

  app.post('/pay/:number', async (c) => {
    if (createPaymentsPort(c.get('config')).provider !== 'test') return c.notFound();
    const number = c.req.param('number');
    const form = await c.req.parseBody();
    const order = await loadOrder(c.get('db'), number);
    const failed = `/orderfailed?order=${encodeURIComponent(number)}`;
    if (!order || order.payment_token !== String(form.token ?? '')) return c.redirect(failed, 303);
    const outcome = chargeTestCard(String(form.card ?? ''));
    // Reported exactly as a provider would: a signed body through the webhook's own verification.
    const body = JSON.stringify(testPaymentEvent(order.number, outcome));
    const headers = new Headers({ [SIGNATURE_HEADER]: signWebhook(c.get('config').appSecret, body) });
    await receivePaymentWebhook(c, body, headers);
    return c.redirect(outcome.ok ? `/ordersuccess?order=${encodeURIComponent(number)}` : failed, 303);
  });

  app.get('/ordersuccess', async (c) => {
    const order = await ownOrder(c);
    const paid = order !== null && order.status !== 'pending_payment' && order.status !== 'cancelled';
    // Back from a hosted provider (Stripe) before its webhook arrived: look again in a moment.
    const confirming = order?.status === 'pending_payment';
    if (confirming) c.header('Refresh', '3');
    return renderPage(c, {
      meta: { title: 'Thank you for your order', description: 'Your order confirmation.', noindex: true },
      body: (
        <div className="shop">
          <PageHero eyebrow="Order confirmed" title="Thank you for your order" />
          <Island name="CartCleaner" props={{ clear: paid }} />
          <Prose>
            {paid && order ? (
              <>
                <p>
                  Your order number is <strong data-testid="order-number">{order.number}</strong>. A
                  confirmation was emailed to you.
                </p>
                <ul>
                  {order.items.map((i) => (
                    <li key={i.id}>
                      {i.quantity} × {i.title} ({i.size}, {i.color}) — {dollars(i.line_total_cents)}
                    </li>
                  ))}
                </ul>
                <p>
                  Subtotal {dollars(order.subtotal_cents)} · Discount {dollars(order.discount_cents)} ·
                  Shipping {dollars(order.shipping_cents)} (
                  {SHIPPING_OPTIONS[order.shipping_option as ShippingOption]?.label}) ·{' '}
                  <strong>Total {dollars(order.total_cents)}</strong>
                </p>
                <p>
                  <a href="/order-status">Track your order</a>
                </p>
              </>
            ) : confirming ? (
              <p data-testid="payment-confirming">
                {`We are confirming your payment for order ${order?.number}. This page updates by itself in a few seconds.`}
              </p>
            ) : (
              <p>
                We could not find a paid order here. <a href="/order-status">Look up an order</a>.
              </p>
            )}
          </Prose>
        </div>
      ),
    });
  });

  app.get('/orderfailed', async (c) => {
    const order = await ownOrder(c);
    // Back from a hosted page without paying (Stripe's cancel link): the reservation still runs.
    const minutesHeld =
      order?.status === 'pending_payment' && order.reserved_until
        ? Math.max(1, Math.ceil((new Date(order.reserved_until).getTime() - Date.now()) / 60_000))
        : null;
    return renderPage(c, {
      meta: {
        title: 'Payment not completed',
        description: 'Your payment did not go through; your cart is kept.',
        noindex: true,
      },
      body: (
        <div className="shop">
          <PageHero eyebrow="Checkout" title="Payment not completed" />
          <Prose>
            <p data-testid="failure-reason">{order?.status_reason ?? 'Your payment did not go through.'}</p>
            <p>
              {minutesHeld === null
                ? 'Your cart is kept, and no stock is held for this attempt.'
                : `Your cart is kept. The items stay reserved for this attempt for up to ${minutesHeld} more minutes, then return to stock.`}
            </p>
            <p>
              <a className="button button--primary" href="/cart">
                Try again
              </a>
            </p>
          </Prose>
        </div>
      ),
    });
  });

  app.get('/order-status', async (c) => {
    const lists = await getReferenceLists(c.get('db'));
    const statusLabels = Object.fromEntries((lists.orderstatusoptions ?? []).map((o) => [o.value, o.label]));
    return renderPage(c, {
      meta: {
        title: 'Order status',
        description: 'Look up a merchandise order with its order number and your email.',
      },
      body: (
        <div className="shop">
          <PageHero
            eyebrow="Merchandise"
            title="Order status"
            lead="Enter your order number and the email you used."
          />
          <Prose>
            <Island
              name="OrderStatusForm"
              props={{
                statusLabels,
                initialNumber: (c.req.query('order') ?? '').slice(0, 40),
                signedIn: Boolean(c.get('user')),
              }}
            />
          </Prose>
        </div>
      ),
    });
  });
}
