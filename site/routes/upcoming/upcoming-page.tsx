import { signInUrl } from '../../lib/sign-in-url';
import { renderPage } from '../../render/render-page';
import type { Page, PageContext } from '../../server/page';

/**
 * Routes of docs/product/spec.md §2 whose features later issues build. Each answers now, in the layout
 * its path calls for, with an honest description of what it will hold; member-only ones
 * already send visitors to sign in.
 */
export interface UpcomingPage {
  title: string;
  description: string;
  membersOnly?: boolean;
}

/** Keyed by feature; site/routes/upcoming/index.ts gives each its path(s). */
export const UPCOMING = {
  jobs: {
    title: 'Job Marketplace',
    description:
      'Campaign jobs from candidates, organizations and vendors: field organizers, managers, digital and data roles.',
  },
} satisfies Record<string, UpcomingPage>;

export function upcomingPage(route: UpcomingPage): Page {
  return {
    meta: { title: route.title, description: route.description },
    body: (
      <section className="upcoming">
        <div className="upcoming__inner">
          <h1>{route.title}</h1>
          <p className="upcoming__lead">{route.description}</p>
          <p>
            This part of Campaign HQ is opening soon. In the meantime you can read about us or send us
            feedback.
          </p>
          <p className="status-page__actions">
            <a className="button button--primary" href="/about">
              About Campaign HQ
            </a>
            <a className="button" href="/feedback">
              Send feedback
            </a>
          </p>
        </div>
      </section>
    ),
  };
}

/**
 * The handler for one upcoming page. Members-only ones send visitors to sign in first, to come
 * back to this path.
 */
export function showUpcoming(route: UpcomingPage) {
  return async (c: PageContext) => {
    if (route.membersOnly && !c.get('user')) return c.redirect(signInUrl(c.req.path), 302);
    return renderPage(c, upcomingPage(route));
  };
}
