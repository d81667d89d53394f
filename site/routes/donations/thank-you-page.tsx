import { getCookie } from 'hono/cookie';
import { RULES_FIELD } from '../../../api/contract/donations';
import { CONTRIBUTION_RULES_STATEMENT } from '../../../api/contract/fec-limits';
import { dollars } from '../../../api/contract/money';
import { slugOf } from '../../../api/contract/person-names';
import { askCookieName } from '../../../api/modules/donations/ask-pass';
import { giftOutcome } from '../../../api/modules/donations/giving-page';
import { type AskBrowser, acceptMonthlyAsk, monthlyAskFor } from '../../../api/modules/donations/monthly-ask';
import { findRecipient, type Recipient } from '../../../api/modules/donations/recipients';
import { ConflictError, NotFoundError, RateLimitedError, ValidationError } from '../../../api/modules/errors';
import { createPaymentsPort } from '../../../api/ports/payments';
import { FieldError } from '../../components/FieldError';
import { PageHero, Prose } from '../../components/PageHero';
import { notFoundPage } from '../../render/error-pages';
import { renderPage } from '../../render/render-page';
import type { PageContext, RouteContext } from '../../server/page';

type ThankYouContext = RouteContext<'/donate/:slug/thank-you'>;
type AskContext = RouteContext<'/donate/:slug/thank-you/monthly'>;

/** This browser's ask cookie: only the browser that gave is asked (ask-pass.ts). */
function askBrowser(c: PageContext): AskBrowser {
  const config = c.get('config');
  return { secret: config.appSecret, cookie: getCookie(c, askCookieName(config.secureCookies)) };
}

/** A refused "yes" to the monthly ask, shown on the page again. */
interface AskRefusal {
  errors: Record<string, string[] | undefined>;
  message: string | null;
}

/** Whole dollars without cents: "$15". */
const shortDollars = (cents: number) => dollars(cents).replace(/\.00$/, '');

/**
 * The honest monthly ask (docs/decisions/0094-refcodes-and-honest-monthly.md): smaller amounts,
 * none chosen, "every month until you cancel" in words, the contribution rules accepted again, and
 * "No thanks" that changes nothing (a plain link back to the candidate; nothing is stored).
 */
function MonthlyAsk({
  recipient,
  reference,
  amounts,
  refusal,
}: {
  recipient: Recipient;
  reference: string;
  amounts: number[];
  refusal: AskRefusal | null;
}) {
  const errors = refusal?.errors ?? {};
  return (
    <section className="monthly-ask" aria-labelledby="monthly-ask-heading" data-testid="monthly-ask">
      <h2 id="monthly-ask-heading">Would you give monthly too?</h2>
      <p>
        A smaller gift every month helps {recipient.name} plan ahead. It is charged{' '}
        <strong>every month until you cancel</strong>; each receipt has a link to change or cancel it.
      </p>
      {refusal?.message && (
        <p className="notice notice--error" role="alert">
          {refusal.message}
        </p>
      )}
      <form
        className="form"
        method="post"
        action={`/donate/${encodeURIComponent(recipient.handle)}/thank-you/monthly`}
        noValidate
      >
        <input type="hidden" name="ref" value={reference} />
        <fieldset
          className="choice-group"
          aria-describedby={errors.amountCents ? 'ask-amountCents-error' : undefined}
        >
          <legend>Monthly amount</legend>
          <div className="monthly-ask__amounts">
            {amounts.map((cents) => (
              <label key={cents} className="donate-amount">
                <input type="radio" name="amount" value={String(cents)} />
                {`${shortDollars(cents)} a month`}
              </label>
            ))}
          </div>
          <FieldError id="ask-amountCents-error" messages={errors.amountCents} />
        </fieldset>
        <div className="field field--checkbox donate-form__rules">
          <label className="choice">
            <input
              id="ask-acceptRules"
              type="checkbox"
              name={RULES_FIELD}
              aria-invalid={errors[RULES_FIELD] ? true : undefined}
              aria-describedby={errors[RULES_FIELD] ? 'ask-acceptRules-error' : undefined}
            />{' '}
            <span>
              <strong>By giving I confirm:</strong> {CONTRIBUTION_RULES_STATEMENT}
            </span>
          </label>
          <FieldError id="ask-acceptRules-error" messages={errors[RULES_FIELD]} />
        </div>
        <p className="form-actions">
          <button type="submit" className="button button--primary">
            Give monthly
          </button>{' '}
          <a href={`/donate/${encodeURIComponent(recipient.handle)}/thank-you?ref=${reference}&declined=1`}>
            No thanks
          </a>
        </p>
      </form>
    </section>
  );
}

/** Plain sharing links (no third-party scripts or pixels) and the way back to the candidate. */
function ShareAndReturn({ c, recipient }: { c: PageContext; recipient: Recipient }) {
  const page = `${c.get('config').appUrl}/donate/${recipient.handle}`;
  const text = `I just gave to ${recipient.name}. Join me:`;
  const links: [string, string][] = [
    [
      'Share by email',
      `mailto:?subject=${encodeURIComponent(text)}&body=${encodeURIComponent(`${text} ${page}`)}`,
    ],
    ['Share on Facebook', `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(page)}`],
    [
      'Share on X',
      `https://x.com/intent/post?text=${encodeURIComponent(text)}&url=${encodeURIComponent(page)}`,
    ],
    ['Share on Bluesky', `https://bsky.app/intent/compose?text=${encodeURIComponent(`${text} ${page}`)}`],
  ];
  return (
    <section aria-labelledby="share-heading" data-testid="share">
      <h2 id="share-heading">Ask a friend</h2>
      <p>
        The link to share: <span className="nowrap">{page}</span>
      </p>
      <ul className="share-links">
        {links.map(([label, href]) => (
          <li key={label}>
            <a href={href} rel="noopener noreferrer" target="_blank">
              {label}
              <span className="visually-hidden"> (opens a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
      <p>
        <a href={`/profile/${slugOf(recipient.name)}/${recipient.id}`} data-testid="back-to-candidate">
          Back to {recipient.name}
        </a>
      </p>
    </section>
  );
}

async function thankYouPage(c: PageContext, slug: string, reference: string, refusal: AskRefusal | null) {
  const db = c.get('db');
  const recipient = await findRecipient(db, slug);
  const gift = await giftOutcome(db, reference);
  if (!recipient || !gift || gift.candidate_id !== recipient.id) return renderPage(c, notFoundPage());
  if (gift.status === 'pending') c.header('Refresh', '3');
  const paid = gift.status === 'paid';
  // Only a paid one-time gift is followed by the ask; "No thanks" hides it for this view only.
  const declined = c.req.query('declined') === '1';
  const ask =
    paid && !gift.recurring && !declined ? await monthlyAskFor(db, gift.reference, askBrowser(c)) : null;
  return renderPage(c, {
    status: refusal ? 400 : 200,
    meta: {
      title: paid ? 'Thank you for your gift' : `Donate to ${recipient.name}`,
      description: 'Your donation.',
      noindex: true,
    },
    body: (
      <div className="donate">
        <PageHero
          eyebrow="Donate"
          title={
            paid
              ? 'Thank you for your gift'
              : gift.status === 'pending'
                ? 'Confirming your gift'
                : 'Your payment did not go through'
          }
        />
        <Prose>
          {paid ? (
            <p data-testid="gift-thanks">
              Your {gift.recurring ? 'monthly ' : ''}gift of {dollars(gift.amount_cents)} to {recipient.name}{' '}
              counts toward the {gift.election} election. Your reference is <strong>{gift.reference}</strong>.
              A receipt was emailed to you.
            </p>
          ) : gift.status === 'pending' ? (
            <p>We are confirming your payment. This page updates by itself in a few seconds.</p>
          ) : (
            <p>
              Nothing was charged. <a href={`/donate/${recipient.handle}`}>Try again</a>.
            </p>
          )}
          {ask && (
            <MonthlyAsk recipient={recipient} reference={gift.reference} amounts={ask} refusal={refusal} />
          )}
          {paid && <ShareAndReturn c={c} recipient={recipient} />}
        </Prose>
      </div>
    ),
  });
}

/** GET /donate/{candidateSlug}/thank-you?ref=: thanks once the payment is confirmed (it may take a moment). */
export function showThankYou(c: ThankYouContext) {
  return thankYouPage(c, c.req.param('slug'), c.req.query('ref') ?? '', null);
}

/** POST …/thank-you/monthly: yes to the ask, off to pay the first month; refused, the page again. */
export async function acceptAsk(c: AskContext) {
  const slug = c.req.param('slug');
  const form = await c.req.parseBody();
  const reference = String(form.ref ?? '');
  try {
    const started = await acceptMonthlyAsk(
      { db: c.get('db'), payments: createPaymentsPort(c.get('config'), c.get('db')) },
      { reference, amountCents: Number(form.amount), acceptRules: form[RULES_FIELD] === 'on' },
      { userId: c.get('user')?.id ?? null, ip: c.get('ip'), browser: askBrowser(c) },
    );
    return c.redirect(started.payUrl, 303);
  } catch (error) {
    if (error instanceof NotFoundError) return renderPage(c, notFoundPage());
    if (error instanceof ValidationError) {
      // The ask shows only the amount and the rules; any other refusal is said above the form.
      const elsewhere = Object.entries(error.fieldErrors)
        .filter(([field]) => field !== 'amountCents' && field !== RULES_FIELD)
        .flatMap(([, messages]) => messages);
      return thankYouPage(c, slug, reference, {
        errors: error.fieldErrors,
        message: elsewhere.length > 0 ? elsewhere.join(' ') : null,
      });
    }
    if (error instanceof ConflictError || error instanceof RateLimitedError) {
      return thankYouPage(c, slug, reference, { errors: {}, message: error.message });
    }
    throw error;
  }
}
