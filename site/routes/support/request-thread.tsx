import {
  SUPPORT_MESSAGE_MAX,
  SUPPORT_STATUS_LABELS,
  supportTopicLabel,
} from '../../../api/contract/support-tickets';
import { NotFoundError, RateLimitedError } from '../../../api/modules/errors';
import { requesterThread } from '../../../api/modules/support-tickets/queries';
import { requesterReplyInput } from '../../../api/modules/support-tickets/schema';
import { replyAsRequester, type ThreadAccess, ticketFor } from '../../../api/modules/support-tickets/service';
import { FieldError } from '../../components/FieldError';
import { PageHero, Prose } from '../../components/PageHero';
import { renderPage } from '../../render/render-page';
import type { PageContext } from '../../server/page';
import { day, keepPrivate } from './private-page';

interface ReplyState {
  value?: string;
  errors?: string[];
  formError?: string;
  notice?: string;
}

function accessOf(c: PageContext, token: string | undefined): ThreadAccess {
  return { userId: c.get('user')?.id ?? null, token };
}

/** GET /support/requests/:reference[?token=]: the thread without internal notes, and a reply form. */
export async function showRequest(c: PageContext) {
  const notice =
    c.req.query('filed') === '1' ? 'We received your request and emailed you a confirmation.' : undefined;
  return threadPage(c, c.req.query('token'), {
    notice: c.req.query('replied') === '1' ? 'Your reply was sent.' : notice,
  });
}

/** POST: the requester's reply (the token, when they came by the emailed link, rides in the form). */
export async function replyToRequest(c: PageContext) {
  const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const token = typeof body.token === 'string' && body.token !== '' ? body.token : undefined;
  const message = typeof body.message === 'string' ? body.message : '';
  const reference = c.req.param('reference') ?? '';
  const parsed = requesterReplyInput.safeParse({ message });
  if (!parsed.success) {
    return threadPage(c, token, { value: message, errors: parsed.error.flatten().fieldErrors.message }, 400);
  }
  try {
    await replyAsRequester(
      { db: c.get('db'), config: c.get('config') },
      reference,
      accessOf(c, token),
      parsed.data.message,
    );
  } catch (error) {
    if (error instanceof RateLimitedError)
      return threadPage(c, token, { value: message, formError: error.message }, 429);
    if (error instanceof NotFoundError) return notFound(c, error.message);
    throw error;
  }
  const query = token ? `?token=${encodeURIComponent(token)}&replied=1` : '?replied=1';
  return c.redirect(`/support/requests/${reference}${query}`, 303);
}

function notFound(c: PageContext, message: string) {
  keepPrivate(c);
  return renderPage(c, {
    status: 404,
    meta: { title: 'Request not found', description: message, noindex: true },
    body: (
      <>
        <PageHero eyebrow="Help Center" title="Request not found" />
        <Prose>
          <p>{message}</p>
          <p>
            Open the link from your confirmation email again, copying the whole address, or{' '}
            <a href="/support/requests">see your requests</a> after signing in.
          </p>
        </Prose>
      </>
    ),
  });
}

async function threadPage(c: PageContext, token: string | undefined, reply: ReplyState, status = 200) {
  const reference = c.req.param('reference') ?? '';
  let ticket: Awaited<ReturnType<typeof ticketFor>>;
  try {
    ticket = await ticketFor(c.get('db'), c.get('config').appSecret, reference, accessOf(c, token));
  } catch (error) {
    if (error instanceof NotFoundError) return notFound(c, error.message);
    throw error;
  }
  const messages = await requesterThread(c.get('db'), ticket.id);
  keepPrivate(c);
  const action = `/support/requests/${ticket.reference}`;
  return renderPage(c, {
    status,
    meta: {
      title: `Request ${ticket.reference}`,
      description: ticket.subject,
      noindex: true,
      canonicalPath: action,
    },
    body: (
      <>
        <PageHero
          eyebrow={`Request ${ticket.reference}`}
          title={ticket.subject}
          lead={`${supportTopicLabel(ticket.topic)} · ${SUPPORT_STATUS_LABELS[ticket.status]}`}
        />
        <Prose>
          {reply.notice && (
            <p className="notice notice--success" role="status">
              {reply.notice}
            </p>
          )}
          {(ticket.order_number || ticket.donation_reference) && (
            <p>
              About{' '}
              {[
                ticket.order_number && `order ${ticket.order_number}`,
                ticket.donation_reference && `receipt ${ticket.donation_reference}`,
              ]
                .filter(Boolean)
                .join(' and ')}
              .
            </p>
          )}
          <ol id="conversation" className="support-thread" aria-label="Conversation">
            {messages.map((m) => (
              <li key={m.id} className={`support-thread__message support-thread__message--${m.kind}`}>
                <p className="support-thread__meta">
                  <strong>{m.kind === 'staff' ? 'Campaign HQ support' : 'You'}</strong>,{' '}
                  <time dateTime={new Date(m.created_at).toISOString()}>
                    {day.format(new Date(m.created_at))} UTC
                  </time>
                </p>
                <p className="support-thread__body">{m.body}</p>
              </li>
            ))}
          </ol>
          <form method="post" action={action} className="form" noValidate aria-labelledby="reply-heading">
            <h2 id="reply-heading">Reply</h2>
            {ticket.status === 'resolved' && <p>This request is resolved. Replying opens it again.</p>}
            {reply.formError && (
              <p className="notice notice--error" role="alert">
                {reply.formError}
              </p>
            )}
            {token && <input type="hidden" name="token" value={token} />}
            <div className="field">
              <label htmlFor="reply-message">Your message</label>
              <textarea
                id="reply-message"
                name="message"
                rows={5}
                maxLength={SUPPORT_MESSAGE_MAX}
                defaultValue={reply.value}
                aria-invalid={reply.errors?.length ? true : undefined}
                aria-describedby={reply.errors?.length ? 'reply-message-error' : undefined}
                // biome-ignore lint/a11y/noAutofocus: after a refused reply, focus returns to the field to fix.
                autoFocus={reply.errors?.length ? true : undefined}
              />
              <FieldError id="reply-message-error" messages={reply.errors} />
            </div>
            <button type="submit" className="button button--primary">
              Send reply
            </button>
          </form>
          {c.get('user') && (
            <p>
              <a href="/support/requests">All your requests</a>
            </p>
          )}
        </Prose>
      </>
    ),
  });
}
