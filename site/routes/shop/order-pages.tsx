import { getCookie } from 'hono/cookie';
import { dollars } from '../../../api/contract/money';
import { getReferenceLists } from '../../../api/modules/reference-options/service';
import { checkoutBrowserHash, checkoutCookieName } from '../../../api/modules/shop/checkout-browser';
import { loadOrderForViewer } from '../../../api/modules/shop/order-access';
import { SHIPPING_OPTIONS, type ShippingOption } from '../../../api/modules/shop/schema';
import { PageHero, Prose } from '../../components/PageHero';
import { renderPage } from '../../render/render-page';
import { Island } from '../../server/Island';
import type { PageContext } from '../../server/page';

/** The order on /ordersuccess or /orderfailed, for whoever placed it only (else null, as if missing). */
function ownOrder(c: PageContext) {
  const cookie = getCookie(c, checkoutCookieName(c.get('config').secureCookies));
  return loadOrderForViewer(c.get('db'), c.req.query('order') ?? '', {
    userId: c.get('user')?.id ?? null,
    browserHash: checkoutBrowserHash(cookie),
  });
}

export async function showOrderSuccess(c: PageContext) {
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
                Subtotal {dollars(order.subtotal_cents)} · Discount {dollars(order.discount_cents)} · Shipping{' '}
                {dollars(order.shipping_cents)} (
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
}

export async function showOrderFailed(c: PageContext) {
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
}

export async function showOrderStatus(c: PageContext) {
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
}
