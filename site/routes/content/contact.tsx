import { RateLimitedError, ValidationError } from '../../../api/modules/errors';
import { contactFormEmail } from '../../../api/modules/support-tickets/contact-email';
import { newTicketInput } from '../../../api/modules/support-tickets/schema';
import { fileTicket } from '../../../api/modules/support-tickets/service';
import { PageHero, Prose } from '../../components/PageHero';
import type { ContactFormProps } from '../../islands/ContactForm';
import { renderPage } from '../../render/render-page';
import { Island } from '../../server/Island';
import type { PageContext } from '../../server/page';
import { HelpArticles } from './contact-articles';
import { MailLink, PhoneLink, PostalAddress, SUPPORT_EMAIL, SUPPORT_HOURS } from './contact-details';

const META = {
  title: 'Help Center',
  description:
    'Search help articles about orders and shipping, returns, donations, membership, your account and privacy, or send a request to our support team.',
  canonicalPath: '/contact',
};

type FormState = Omit<ContactFormProps, 'signedInEmail'>;

/**
 * /contact: searchable help articles and the request form. For a visitor with no query string
 * the page has no per-request content at all (no token, no name), so the visitor page cache may
 * keep it; the form's POST is defended by the same-origin check (docs/decisions/0002-csrf-and-rate-limits.md).
 */
export async function showContact(c: PageContext) {
  return contactPage(c, { sent: c.req.query('sent') === '1' });
}

/** The form's POST: errors re-render the form; a member goes to their request, a visitor to a thank-you. */
export async function submitContact(c: PageContext) {
  const body = await c.req.parseBody().catch(() => ({}));
  const form = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : '']));
  const { website: _trap, fill_ms: _fill, ...shown } = form;
  const parsed = newTicketInput.safeParse(form);
  if (!parsed.success) {
    return contactPage(c, { initialValues: shown, initialErrors: parsed.error.flatten().fieldErrors }, 400);
  }
  const user = c.get('user');
  try {
    const result = await fileTicket(
      { db: c.get('db'), email: c.get('email'), config: c.get('config') },
      parsed.data,
      { ip: c.get('ip'), userId: user?.id ?? null },
    );
    if (user && result.outcome === 'filed')
      // An explicit fragment: the browser would otherwise carry the form action's #contact-form over.
      return c.redirect(`/support/requests/${result.reference}?filed=1#conversation`, 303);
  } catch (error) {
    if (error instanceof ValidationError) {
      return contactPage(c, { initialValues: shown, initialErrors: error.fieldErrors }, 400);
    }
    if (error instanceof RateLimitedError) {
      c.header('Retry-After', String(error.retryAfterSeconds));
      return contactPage(c, { initialValues: shown, formError: error.message }, 429);
    }
    throw error;
  }
  return c.redirect('/contact?sent=1#contact-form', 303);
}

async function signedInEmail(c: PageContext): Promise<string | null> {
  const user = c.get('user');
  if (!user) return null;
  return contactFormEmail(c.get('db'), user.id);
}

async function contactPage(c: PageContext, state: FormState, status = 200) {
  const query = (c.req.query('q') ?? '').trim();
  const form: ContactFormProps = { ...state, signedInEmail: await signedInEmail(c) };
  return renderPage(c, {
    status,
    meta: { ...META, ...(query ? { noindex: true } : {}) },
    body: (
      <>
        <PageHero
          eyebrow="Help Center"
          title="How can we help?"
          lead="Search the answers below, or send us a request. We answer most requests within one business day."
        />
        <Prose>
          <HelpArticles query={query} />
          <section aria-labelledby="contact-form" className="help-contact">
            <h2 id="contact-form" tabIndex={-1}>
              Contact support
            </h2>
            <p>
              Tell us what happened; add your order number or donation receipt if it is about one. We email
              you a confirmation with a link to follow your request.
            </p>
            <Island name="ContactForm" props={form} />
          </section>
          <section aria-labelledby="help-contact">
            <h2 id="help-contact">Other ways to reach us</h2>
            <ul>
              <li>
                Email: <MailLink email={SUPPORT_EMAIL} />
              </li>
              <li>
                Phone: <PhoneLink />, {SUPPORT_HOURS}
              </li>
            </ul>
            <h3>Mailing address</h3>
            <PostalAddress />
            <p>
              Have an idea or a suggestion rather than a problem? <a href="/feedback">Send us feedback</a>.
            </p>
            <p>
              Something on the site hard to use with a keyboard, a screen reader or zoom? Read our{' '}
              <a href="/accessibility">accessibility statement</a> and tell us here.
            </p>
          </section>
        </Prose>
      </>
    ),
  });
}
