import { dollars } from '../../../api/contract/money';
import { cancelRecurringGift, recurringByToken } from '../../../api/modules/donations/cancel-recurring';
import { PageHero, Prose } from '../../components/PageHero';
import { notFoundPage } from '../../render/error-pages';
import { renderPage } from '../../render/render-page';
import type { RouteContext } from '../../server/page';

type CancelContext = RouteContext<'/donate/recurring/:ref/cancel'>;

/**
 * GET /donate/recurring/{ref}/cancel?token=…: a confirmation page only. Mail scanners open every
 * link in an email, so a GET must not cancel; the button POSTs (docs/decisions/0021-campaign-donations.md).
 */
export async function showCancelRecurring(c: CancelContext) {
  const ref = c.req.param('ref');
  const token = c.req.query('token');
  const gift = await recurringByToken(c.get('db'), c.get('config').appSecret, ref, token);
  if (!gift) return renderPage(c, notFoundPage());
  const ended = gift.status !== 'pending' && gift.status !== 'active' && gift.status !== 'failed';
  return renderPage(c, {
    meta: { title: 'Cancel your monthly gift', description: 'Stop a monthly donation.', noindex: true },
    body: (
      <div className="donate">
        <PageHero eyebrow="Donate" title="Cancel your monthly gift" />
        <Prose>
          {ended ? (
            <p role="status">{`Your monthly gift to ${gift.candidateName} is cancelled.`}</p>
          ) : (
            <form method="post">
              <input type="hidden" name="token" value={token} />
              <p>
                Your monthly gift of {dollars(gift.amountCents)} to {gift.candidateName} will stop: no further
                charges will be made. Gifts already made are kept.
              </p>
              <button type="submit" className="button button--primary">
                Cancel my monthly gift
              </button>
            </form>
          )}
        </Prose>
      </div>
    ),
  });
}

/**
 * POST: cancels, idempotently. The signed token is the proof the caller holds the receipt; the
 * request still passes the app's same-origin check for writes (docs/decisions/0002-csrf-and-rate-limits.md), as the
 * confirmation page's own form does.
 */
export async function cancelRecurring(c: CancelContext) {
  const form = await c.req.parseBody();
  const gift = await cancelRecurringGift(
    { db: c.get('db'), config: c.get('config') },
    c.req.param('ref'),
    String(form.token ?? ''),
  );
  if (!gift) return renderPage(c, notFoundPage());
  return renderPage(c, {
    meta: {
      title: 'Monthly gift cancelled',
      description: 'Your monthly donation is cancelled.',
      noindex: true,
    },
    body: (
      <div className="donate">
        <PageHero eyebrow="Donate" title="Monthly gift cancelled" />
        <Prose>
          <p role="status" data-testid="cancelled">
            {`Your monthly gift to ${gift.candidateName} is cancelled.`}
          </p>
        </Prose>
      </div>
    ),
  });
}
