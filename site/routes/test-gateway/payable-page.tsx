import { dollars } from '../../../api/contract/money';
import { deliverTestGatewayEvent } from '../../../api/modules/payments/test-gateway-delivery';
import { startTestSubscription } from '../../../api/modules/payments/test-gateway-subscriptions';
import { chargeTestCard, testPayableEvent } from '../../../api/ports/payments/test-gateway';
import { readPlan, type TestGatewayPlan } from '../../../api/ports/payments/test-gateway-plans';
import { PageHero, Prose } from '../../components/PageHero';
import { renderPage } from '../../render/render-page';
import type { PageContext } from '../../server/page';
import { paymentDeps } from './payment-deps';

const EVERY = { month: 'month', year: 'year' } as const;

function priceOf(plan: TestGatewayPlan) {
  return plan.interval ? `${dollars(plan.amountCents)} / ${EVERY[plan.interval]}` : dollars(plan.amountCents);
}

/** The plan a GET's query or a POST's hidden fields carry, checked against its signature. */
function planOf(c: PageContext, fields: { plan?: unknown; sig?: unknown }) {
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return readPlan(c.get('config').appSecret, text(fields.plan), text(fields.sig));
}

function refused(c: PageContext) {
  return renderPage(c, {
    status: 400,
    meta: { title: 'Test payment', description: 'Campaign HQ test payment gateway.', noindex: true },
    body: (
      <div className="shop">
        <PageHero eyebrow="Test gateway" title="This payment link is not valid" lead="It may have expired." />
      </div>
    ),
  });
}

/**
 * The test gateway's page for anything payable but an order (a donation, a membership), one-off
 * or recurring: the signed plan in the URL says what, how much and how often.
 */
export async function showPayableForm(c: PageContext) {
  const plan = planOf(c, { plan: c.req.query('plan'), sig: c.req.query('sig') });
  if (!plan) return refused(c);
  const action = plan.interval ? 'Subscribe' : 'Pay';
  return renderPage(c, {
    meta: { title: 'Test payment', description: 'Campaign HQ test payment gateway.', noindex: true },
    body: (
      <div className="shop">
        <PageHero eyebrow="Test gateway" title={`${action} ${priceOf(plan)}`} lead={plan.description} />
        <Prose>
          <p>
            This is the local test gateway: use 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 for a
            declined card.
            {plan.interval &&
              ` The first ${plan.interval} is charged now and each renewal when it is due; 4000 0000 0000 0341 pays now and declines every renewal.`}{' '}
            No money moves.
          </p>
          <form method="post" className="pay-form">
            <input type="hidden" name="plan" value={c.req.query('plan')} />
            <input type="hidden" name="sig" value={c.req.query('sig')} />
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
        </Prose>
      </div>
    ),
  });
}

/** The form's post: the first (or only) charge, reported through the signed webhook; renewals follow from the runner. */
export async function chargeTestPayable(c: PageContext) {
  const form = await c.req.parseBody();
  const plan = planOf(c, form);
  if (!plan) return refused(c);
  const card = String(form.card ?? '');
  const deps = paymentDeps(c);
  if (plan.interval) {
    const subscription = await startTestSubscription(deps, { ...plan, interval: plan.interval }, card);
    return c.redirect(subscription ? plan.successPath : plan.cancelPath, 303);
  }
  const outcome = chargeTestCard(card);
  await deliverTestGatewayEvent(deps, testPayableEvent(plan.payable, outcome));
  return c.redirect(outcome.ok ? plan.successPath : plan.cancelPath, 303);
}
