import { dollars } from '../../../api/contract/money';
import { payTestCheckout } from '../../../api/modules/payments/test-gateway-checkout';
import {
  findTestCheckout,
  type TestGatewayCheckout,
} from '../../../api/ports/payments/test-gateway-checkouts';
import type { TestGatewayPlan } from '../../../api/ports/payments/test-gateway-plans';
import { PageHero, Prose } from '../../components/PageHero';
import { renderPage } from '../../render/render-page';
import type { PageContext, RouteContext } from '../../server/page';
import { paymentDeps } from './payment-deps';

type CheckoutContext = RouteContext<'/pay/payable/:checkout'>;

const EVERY = { month: 'month', year: 'year' } as const;
const META = { title: 'Test payment', description: 'Campaign HQ test payment gateway.', noindex: true };

function priceOf(plan: TestGatewayPlan) {
  return plan.interval ? `${dollars(plan.amountCents)} / ${EVERY[plan.interval]}` : dollars(plan.amountCents);
}

/** A page with no form: a link that is not valid (any more), or a checkout already completed. */
function notice(
  c: PageContext,
  status: number,
  title: string,
  lead: string,
  next?: { href: string; label: string },
) {
  return renderPage(c, {
    status,
    meta: META,
    body: (
      <div className="shop">
        <PageHero eyebrow="Test gateway" title={title} lead={lead} />
        {next && (
          <Prose>
            <p>
              <a className="button button--primary" href={next.href}>
                {next.label}
              </a>
            </p>
          </Prose>
        )}
      </div>
    ),
  });
}

/** An address that names no checkout: unknown, malformed, or the old signed-plan form. */
export function refusedCheckout(c: PageContext) {
  return notice(c, 404, 'This payment link is not valid', 'Start again from the page you came from.');
}

/** What the payer sees of a checkout that takes no more payments: the outcome, never a second charge. */
function completed(c: PageContext, checkout: TestGatewayCheckout, status: number) {
  const { plan } = checkout;
  if (checkout.expired)
    return notice(c, 410, 'This payment link has expired', 'Nothing was charged. Start again to pay.', {
      href: plan.cancelPath,
      label: 'Start again',
    });
  if (checkout.status === 'declined')
    return notice(c, status, 'This payment was declined', 'Nothing was charged. Start again to pay.', {
      href: plan.cancelPath,
      label: 'Start again',
    });
  return notice(c, status, 'This payment is already complete', `${priceOf(plan)}: ${plan.description}`, {
    href: plan.successPath,
    label: 'Continue',
  });
}

/**
 * The test gateway's page for anything payable but an order (a donation, a membership), one-off
 * or recurring: the stored checkout its address names says what, how much and how often. The page
 * is bare (no site header), so its card form is the first form and the first stop of the keyboard.
 */
export async function showPayableForm(c: CheckoutContext) {
  const checkout = await findTestCheckout(c.get('db'), c.req.param('checkout'));
  if (!checkout) return refusedCheckout(c);
  if (checkout.status !== 'open' || checkout.expired) return completed(c, checkout, 200);
  const { plan } = checkout;
  // A card update (startCardUpdate) charges nothing now: the card pays the subscription's next tries.
  const action = plan.cardFor ? 'Save the card for' : plan.interval ? 'Subscribe' : 'Pay';
  return renderPage(c, {
    meta: META,
    body: (
      <div className="shop">
        <PageHero
          eyebrow="Test gateway"
          title={plan.cardFor ? 'Update your card' : `${action} ${priceOf(plan)}`}
          lead={plan.description}
        />
        <Prose>
          <form method="post" className="pay-form" aria-label="Payment">
            <label htmlFor="card-number">Card number</label>
            <input id="card-number" name="card" inputMode="numeric" autoComplete="cc-number" required />
            <label htmlFor="card-expiry">Expiry (MM/YY)</label>
            <input id="card-expiry" name="expiry" autoComplete="cc-exp" defaultValue="12/30" />
            <label htmlFor="card-cvc">CVC</label>
            <input id="card-cvc" name="cvc" autoComplete="cc-csc" defaultValue="123" />
            <button type="submit" className="button button--primary">
              {action} {priceOf(plan)}
            </button>
          </form>
          <p>
            This is the local test gateway: use 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 for a
            declined card.
            {plan.cardFor && ' Nothing is charged now: the next try of this gift charges this card.'}
            {plan.interval &&
              !plan.cardFor &&
              ` The first ${plan.interval} is charged now and each renewal when it is due; 4000 0000 0000 0341 pays now and declines every renewal.`}{' '}
            No money moves.
          </p>
          <p>
            <a href={plan.cancelPath}>Cancel and go back</a>
          </p>
        </Prose>
      </div>
    ),
  });
}

/**
 * The form's post: the first (or only) charge, reported through the signed webhook (renewals
 * follow from the runner). A checkout is paid once: a repeated or racing post charges nothing and
 * shows the outcome.
 */
export async function chargeTestPayable(c: CheckoutContext) {
  const form = await c.req.parseBody();
  const paid = await payTestCheckout(paymentDeps(c), c.req.param('checkout'), String(form.card ?? ''));
  switch (paid.result) {
    case 'unknown':
      return refusedCheckout(c);
    case 'charged':
      return c.redirect(paid.checkout.plan.successPath, 303);
    case 'declined':
      return c.redirect(paid.checkout.plan.cancelPath, 303);
    default:
      return completed(c, paid.checkout, 409);
  }
}
