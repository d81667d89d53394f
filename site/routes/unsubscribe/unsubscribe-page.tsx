import { RateLimitedError } from '../../../api/modules/errors';
import { unsubscribeWithToken } from '../../../api/modules/mass-email/suppressions';
import { readUnsubscribeToken } from '../../../api/modules/mass-email/unsubscribe-token';
import { hitRateLimit } from '../../../api/modules/rate-limits/service';
import { AuthCard } from '../../components/AuthCard';
import { renderPage } from '../../render/render-page';
import type { PageContext } from '../../server/page';
import { one, postedForm } from '../account/form-post';

/** Unsubscribes per address per 10 minutes (docs/decisions/0022-mass-email.md): a person clicks once, a mail client once. */
export const UNSUBSCRIBE_LIMIT = { name: 'unsubscribe-ip', limit: 30, windowSeconds: 10 * 60 };

const INVALID_TITLE = 'This unsubscribe link is not valid';

function unsubscribePage(c: PageContext, title: string, body: React.ReactNode, status = 200) {
  // The token names an address: keep every answer out of caches and search engines.
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  return renderPage(c, {
    status,
    meta: {
      title,
      description: 'Stop receiving campaign emails from Campaign HQ.',
      canonicalPath: '/unsubscribe',
      noindex: true,
    },
    body,
  });
}

function invalidLink(c: PageContext) {
  return unsubscribePage(
    c,
    INVALID_TITLE,
    <AuthCard title={INVALID_TITLE}>
      <p>
        The link may have been cut off or changed. Open the unsubscribe link from the email again, copying the
        whole address, or reply to the email and ask us to stop.
      </p>
    </AuthCard>,
    400,
  );
}

/**
 * GET /unsubscribe?token=: a confirmation page with a button. Mail scanners follow links, so a GET
 * never unsubscribes; the button POSTs the token.
 */
export function showUnsubscribe(c: PageContext) {
  const token = (c.req.query('token') ?? '').trim();
  const named = readUnsubscribeToken(c.get('config').appSecret, token);
  if (!named) return invalidLink(c);
  return unsubscribePage(
    c,
    'Unsubscribe',
    <AuthCard title="Unsubscribe from campaign emails" lead={<>Stop emails to {named.email}?</>}>
      <form method="post" action="/unsubscribe">
        <input type="hidden" name="token" value={token} />
        <button type="submit" className="button button--primary">
          Unsubscribe
        </button>
      </form>
    </AuthCard>,
  );
}

/**
 * POST /unsubscribe: the form's button (token in the body) or a mail client's RFC 8058 one-click
 * POST (token in the URL, body `List-Unsubscribe=One-Click`, no cookie, no CSRF token). The
 * signed token is the proof, which is why this path is exempt from the same-origin check
 * (api/middleware/same-origin-writes.ts, docs/decisions/0022-mass-email.md).
 */
export async function submitUnsubscribe(c: PageContext) {
  try {
    await hitRateLimit(c.get('db'), UNSUBSCRIBE_LIMIT, c.get('ip'));
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    c.header('Retry-After', String(error.retryAfterSeconds));
    return unsubscribePage(
      c,
      'Please try again shortly',
      <AuthCard title="Please try again shortly">
        <p>{error.message}</p>
      </AuthCard>,
      429,
    );
  }
  const token = (one(await postedForm(c), 'token') || c.req.query('token') || '').trim();
  const done = await unsubscribeWithToken(c.get('db'), c.get('config').appSecret, token);
  if (!done) return invalidLink(c);
  return unsubscribePage(
    c,
    "You're unsubscribed",
    <AuthCard title="You're unsubscribed.">
      <p>We will not send campaign emails to {done.email} again.</p>
      <p>
        <a className="button button--primary" href="/">
          Go to the home page
        </a>
      </p>
    </AuthCard>,
  );
}
