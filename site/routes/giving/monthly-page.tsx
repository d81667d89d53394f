import { centsFromDollars } from '../../../api/contract/donations';
import { dollars } from '../../../api/contract/money';
import { startCardUpdate } from '../../../api/modules/donations/card-update';
import {
  cancelMonthly,
  changeMonthlyAmount,
  type ManagedMonthly,
  monthlyGiftByPass,
  monthlyGiftForMember,
  RUNNING,
  setMonthlyPaused,
} from '../../../api/modules/donations/manage-monthly';
import { isReferenceShaped } from '../../../api/modules/donations/references';
import { ConflictError, ValidationError } from '../../../api/modules/errors';
import { FieldError } from '../../components/FieldError';
import { PageHero, Prose } from '../../components/PageHero';
import { notFoundPage } from '../../render/error-pages';
import { renderPage } from '../../render/render-page';
import type { PageContext, RouteContext } from '../../server/page';
import { givingDate, statusWords } from './giving-words';

type MonthlyContext = RouteContext<'/giving/monthly/:ref'>;

/** The receipt link's pass, carried on to the page's own forms (it names the gift, no one's data). */
interface Pass {
  expires: string;
  token: string;
}

const NOTICES: Record<string, string> = {
  amount: 'Your new monthly amount is saved. It applies from the next charge.',
  pause: 'Your monthly gift is paused. Nothing is charged until you resume it.',
  resume: 'Your monthly gift is resumed. Its next charge date is below.',
  cancel: 'Your monthly gift is cancelled. No further charges will be made.',
  card: 'Your new card is saved. The next try of this gift charges it.',
};

/**
 * The gift the caller may manage: the signed-in member's own, else the one the receipt's pass
 * opens (which signs nobody in). Null for anyone else: the page answers 404 alike.
 */
async function reachable(c: PageContext, reference: string, pass: Pass | null) {
  if (!isReferenceShaped(reference)) return null;
  const db = c.get('db');
  const user = c.get('user');
  if (user) {
    const own = await monthlyGiftForMember(db, user.id, reference);
    if (own) return own;
  }
  if (!pass) return null;
  return monthlyGiftByPass(db, c.get('config').appSecret, reference, pass);
}

function passOf(read: (name: string) => string | undefined): Pass | null {
  const expires = read('expires');
  const token = read('token');
  return expires && token ? { expires, token } : null;
}

function PassFields({ pass }: { pass: Pass | null }) {
  if (!pass) return null;
  return (
    <>
      <input type="hidden" name="expires" value={pass.expires} />
      <input type="hidden" name="token" value={pass.token} />
    </>
  );
}

/** Update the card: first on the page, and said why, when the last charge was declined. */
function CardForm({ action, pass, failed }: { action: string; pass: Pass | null; failed: boolean }) {
  return (
    <form className="form" method="post" action={action} data-testid="card-update">
      <PassFields pass={pass} />
      <input type="hidden" name="action" value="card" />
      <p>
        {failed
          ? 'The last charge was declined. Enter a new card and the next try charges it.'
          : 'Has your card changed? Enter the new one; the next charge uses it.'}
      </p>
      <button type="submit" className={failed ? 'button button--primary' : 'button'}>
        Update my card
      </button>
    </form>
  );
}

function monthlyPage(
  c: PageContext,
  gift: ManagedMonthly,
  pass: Pass | null,
  state: { notice?: string; errors?: Record<string, string[] | undefined>; formError?: string } = {},
  status = 200,
) {
  const running = (RUNNING as readonly string[]).includes(gift.status);
  const action = `/giving/monthly/${gift.reference}`;
  const amountError = state.errors?.amountCents;
  return renderPage(c, {
    status,
    meta: {
      title: `Your monthly gift to ${gift.candidateName}`,
      description: 'Manage a monthly gift.',
      noindex: true,
    },
    body: (
      <>
        <PageHero eyebrow="Your giving" title={`Your monthly gift to ${gift.candidateName}`} />
        <Prose>
          {state.notice && (
            <p className="notice notice--success" role="status" data-testid="monthly-notice">
              {state.notice}
            </p>
          )}
          {state.formError && (
            <p className="notice notice--error" role="alert">
              {state.formError}
            </p>
          )}
          <dl className="receipt" data-testid="monthly-facts">
            <dt>Amount</dt>
            <dd data-testid="monthly-amount">{`${dollars(gift.amountCents)} every month until you cancel`}</dd>
            <dt>Status</dt>
            <dd data-testid="monthly-status">{statusWords(gift.status)}</dd>
            {gift.nextChargeAt && (gift.status === 'active' || gift.status === 'failed') && (
              <>
                <dt>Next charge</dt>
                <dd>{givingDate(gift.nextChargeAt)}</dd>
              </>
            )}
          </dl>
          {running && (
            <>
              <CardForm action={action} pass={pass} failed={gift.status === 'failed'} />
              <form className="form" method="post" action={action} noValidate>
                <PassFields pass={pass} />
                <input type="hidden" name="action" value="amount" />
                <div className="field">
                  <label htmlFor="monthly-amount-input">New monthly amount in dollars</label>
                  <input
                    id="monthly-amount-input"
                    name="amount"
                    inputMode="decimal"
                    aria-invalid={amountError ? true : undefined}
                    aria-describedby={amountError ? 'monthly-amount-error' : undefined}
                  />
                  <FieldError id="monthly-amount-error" messages={amountError} />
                </div>
                <button type="submit" className="button button--primary">
                  Change the amount
                </button>
              </form>
              <form className="form" method="post" action={action}>
                <PassFields pass={pass} />
                <input type="hidden" name="action" value={gift.status === 'paused' ? 'resume' : 'pause'} />
                <button type="submit" className="button">
                  {gift.status === 'paused' ? 'Resume my monthly gift' : 'Pause my monthly gift'}
                </button>
              </form>
              <form className="form" method="post" action={action}>
                <PassFields pass={pass} />
                <input type="hidden" name="action" value="cancel" />
                <p>Cancelling stops every future charge. Gifts already made are kept.</p>
                <button type="submit" className="button">
                  Cancel my monthly gift
                </button>
              </form>
            </>
          )}
          {c.get('user') && (
            <p>
              <a href="/giving">All your giving</a>
            </p>
          )}
        </Prose>
      </>
    ),
  });
}

/** GET /giving/monthly/{ref}[?expires=&token=]: the gift's facts and its change, pause and cancel forms. */
export async function showMonthly(c: MonthlyContext) {
  const pass = passOf((name) => c.req.query(name));
  const gift = await reachable(c, c.req.param('ref'), pass);
  if (!gift) return renderPage(c, notFoundPage());
  const done = c.req.query('done');
  return monthlyPage(c, gift, pass, { notice: done ? NOTICES[done] : undefined });
}

/** POST: one of the page's forms; done → back to the page with its notice (the pass kept), refused → the page with the reason. */
export async function manageMonthly(c: MonthlyContext) {
  const form = Object.fromEntries(Object.entries(await c.req.parseBody()).map(([k, v]) => [k, String(v)]));
  const pass = passOf((name) => form[name]);
  const gift = await reachable(c, c.req.param('ref'), pass);
  if (!gift) return renderPage(c, notFoundPage());
  const deps = { db: c.get('db'), config: c.get('config') };
  const action = form.action ?? '';
  try {
    if (action === 'card') {
      const here = `/giving/monthly/${gift.reference}${pass ? `?${new URLSearchParams({ ...pass })}` : ''}`;
      // The provider's page (Stripe's, or the test gateway's) takes the card; it sends the donor back here.
      return c.redirect((await startCardUpdate(deps, gift, here)).url, 303);
    }
    if (action === 'amount') await changeMonthlyAmount(deps, gift, centsFromDollars(form.amount ?? ''));
    else if (action === 'pause' || action === 'resume')
      await setMonthlyPaused(deps, gift, action === 'pause');
    else if (action === 'cancel') await cancelMonthly(deps, gift);
    else return monthlyPage(c, gift, pass, { formError: 'Choose what to change.' }, 400);
  } catch (error) {
    if (error instanceof ValidationError) {
      const errors = { amountCents: error.fieldErrors.amountCents ?? [error.message] };
      return monthlyPage(c, gift, pass, { errors }, 400);
    }
    if (error instanceof ConflictError) return monthlyPage(c, gift, pass, { formError: error.message }, 409);
    throw error;
  }
  const query = new URLSearchParams({ done: action, ...(pass ?? {}) });
  return c.redirect(`/giving/monthly/${gift.reference}?${query}`, 303);
}
