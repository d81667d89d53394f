import type { Context, Handler } from 'hono';
import type { AppEnv } from '../../../api/middleware/app-env';
import { type CampaignSeat, campaignSeat } from '../../../api/modules/supporters/team';
import { signInUrl } from '../../lib/sign-in-url';
import { notFoundPage } from '../../render/error-pages';
import { renderPage } from '../../render/render-page';

/**
 * /supporters/:ownerId/* (docs/decisions/0100-supporters.md): only for the campaign's team, the
 * candidate or organization itself and a candidate's live treasurers (api/modules/supporters/team.ts).
 * Visitors go to sign in; everyone else gets the normal 404, so another campaign's people do not
 * exist for them. The handler receives the seat, whose owner id scopes every read and write.
 */
export function campaignTeamOnly(
  handler: (c: Context<AppEnv>, seat: CampaignSeat) => Response | Promise<Response>,
): Handler<AppEnv> {
  return async (c) => {
    const user = c.get('user');
    if (!user) {
      if (c.req.method !== 'GET') return c.redirect(signInUrl('/supporters'), 303);
      return c.redirect(signInUrl(c.req.path), 302);
    }
    const raw = c.req.param('ownerId') ?? '';
    const ownerId = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
    const seat = ownerId === null ? null : await campaignSeat(c.get('db'), user, ownerId);
    if (!seat) return renderPage(c, notFoundPage());
    return handler(c, seat);
  };
}

/** A numeric path parameter, or null (the caller answers 404). */
export function idParam(c: Context<AppEnv>, name: string): number | null {
  const raw = c.req.param(name) ?? '';
  return /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}
