import { mailboxEmails } from '../../../api/modules/email-outbox/dev-mailbox';
import { linkify } from '../../lib/linkify';
import { renderPage } from '../../render/render-page';
import type { PageContext } from '../../server/page';

const LIMIT = 50;

/** The newest stored emails, optionally only those to ?to=. */
export async function showMailbox(c: PageContext) {
  const to = (c.req.query('to') ?? '').trim().slice(0, 254);
  const emails = await mailboxEmails(c.get('db'), to, LIMIT);
  c.header('Cache-Control', 'no-store');
  return renderPage(c, {
    meta: { title: 'Dev mailbox', description: 'Emails stored by this development server.', noindex: true },
    body: (
      <section className="mailbox">
        <h1>Dev mailbox</h1>
        <p>
          The newest {LIMIT} emails this server stored instead of sending
          {to ? (
            <>
              {' '}
              to <strong>{to}</strong> (<a href="/dev/mailbox">show all</a>)
            </>
          ) : null}
          .
        </p>
        <form className="mailbox__filter" method="get" action="/dev/mailbox">
          <label htmlFor="mailbox-to">Recipient</label>
          <input id="mailbox-to" name="to" type="email" defaultValue={to} />
          <button type="submit" className="button button--small">
            Filter
          </button>
        </form>
        {emails.length === 0 ? (
          <p role="status">No emails yet.</p>
        ) : (
          <ol className="mailbox__list">
            {emails.map((email) => (
              <li key={email.id} className="mailbox__email">
                <article aria-labelledby={`email-${email.id}`}>
                  <h2 id={`email-${email.id}`}>{email.subject}</h2>
                  <p className="mailbox__meta">
                    To <span className="mailbox__to">{email.to_address}</span> ·{' '}
                    <time dateTime={new Date(email.created_at).toISOString()}>
                      {new Date(email.created_at).toLocaleString('en-US', { timeZone: 'UTC' })} UTC
                    </time>
                  </p>
                  <pre className="mailbox__body">{linkify(email.text_body)}</pre>
                </article>
              </li>
            ))}
          </ol>
        )}
      </section>
    ),
  });
}
