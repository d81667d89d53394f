import type { Context } from 'hono';
import type { SessionUser } from '../../../api/contract/session-user';
import type { AppEnv } from '../../../api/middleware/app-env';
import { seatsOf } from '../../../api/modules/supporters/team';
import { PageHero } from '../../components/PageHero';
import { notFoundPage } from '../../render/error-pages';
import { renderPage } from '../../render/render-page';

/**
 * GET /supporters: the campaigns whose supporters the member works with. One goes straight to its
 * list; none is the normal 404 (the page does not exist for members with no campaign).
 */
export async function showSeats(c: Context<AppEnv>, user: SessionUser) {
  const seats = await seatsOf(c.get('db'), user);
  if (seats.length === 0) return renderPage(c, notFoundPage());
  if (seats.length === 1) return c.redirect(`/supporters/${seats[0]!.ownerId}`, 302);
  return renderPage(c, {
    meta: { title: 'Supporters', description: 'The campaigns you work on.', noindex: true },
    body: (
      <>
        <PageHero eyebrow="Your campaigns" title="Supporters" />
        <div className="prose">
          <ul data-testid="campaign-seats">
            {seats.map((s) => (
              <li key={s.ownerId}>
                <a href={`/supporters/${s.ownerId}`}>{s.ownerName}</a>
              </li>
            ))}
          </ul>
        </div>
      </>
    ),
  });
}
