import type { Context } from 'hono';
import type { SessionUser } from '../../../api/contract/session-user';
import type { AppEnv } from '../../../api/middleware/app-env';
import { NotFoundError } from '../../../api/modules/errors';
import { campaignsHolding, disconnectFrom } from '../../../api/modules/supporters/connections';
import { PageHero } from '../../components/PageHero';
import { notFoundPage } from '../../render/error-pages';
import { renderPage } from '../../render/render-page';
import { idParam } from './team-guard';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What one campaign holds about the member, in words. */
function holdings(h: Awaited<ReturnType<typeof campaignsHolding>>[number]): string {
  return [
    h.follows && 'you follow them',
    h.gifts > 0 && plural(h.gifts, 'gift', 'gifts'),
    h.monthly && 'a monthly gift',
    h.events > 0 && plural(h.events, 'event sign-up', 'event sign-ups'),
    h.email && 'the email you gave them',
    h.tags > 0 && plural(h.tags, 'tag', 'tags'),
    h.notes > 0 && plural(h.notes, 'note by their team', 'notes by their team'),
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * /settings/campaigns (docs/decisions/0100-supporters.md): which campaigns hold what about the
 * member, and the way to leave each one's list. Gifts stay in the campaign's compliance records,
 * as federal law requires; the page says so before the member decides.
 */
export async function showConnections(c: Context<AppEnv>, user: SessionUser) {
  const rows = await campaignsHolding(c.get('db'), user.id);
  const done = c.req.query('disconnected') === '1';
  return renderPage(c, {
    meta: { title: 'Campaigns that know you', description: 'What campaigns hold about you.', noindex: true },
    body: (
      <>
        <PageHero
          eyebrow="Your account"
          title="Campaigns that know you"
          lead={<a href="/settings">Back to settings</a>}
        />
        <div className="prose settings">
          {done && (
            <p className="notice notice--success" role="status">
              You are off that campaign’s list.
            </p>
          )}
          <p>
            Candidates and organizations see you among their supporters when you follow them, give to them or
            sign up for their events. They see only the contact details you gave them. Disconnecting ends your
            follow, deletes their tags and notes about you and takes you off their lists; gifts stay in their
            compliance records, as federal law requires, and a monthly gift keeps going until you stop it on
            your giving page.
          </p>
          {rows.length === 0 ? (
            <p>No campaign holds anything about you.</p>
          ) : (
            <ul data-testid="campaign-connections">
              {rows.map((h) => (
                <li key={h.ownerId}>
                  <strong>{h.campaign}</strong>
                  {`: ${holdings(h)}. `}
                  <form
                    method="post"
                    action={`/settings/campaigns/${h.ownerId}/disconnect`}
                    className="inline-form"
                  >
                    <button
                      type="submit"
                      className="button button--small"
                      aria-label={`Disconnect from ${h.campaign}`}
                    >
                      Disconnect
                    </button>
                  </form>
                </li>
              ))}
            </ul>
          )}
        </div>
      </>
    ),
  });
}

/** POST /settings/campaigns/:ownerId/disconnect */
export async function disconnect(c: Context<AppEnv>, user: SessionUser) {
  const ownerId = idParam(c, 'ownerId');
  if (ownerId === null) return renderPage(c, notFoundPage());
  try {
    await disconnectFrom(c.get('db'), user.id, ownerId);
  } catch (error) {
    if (error instanceof NotFoundError) return renderPage(c, notFoundPage());
    throw error;
  }
  return c.redirect('/settings/campaigns?disconnected=1', 303);
}
