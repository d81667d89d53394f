import type { Page } from '../server/page';

/**
 * Routes of the seed whose features later issues build. Each answers now, in the layout
 * its path calls for, with an honest description of what it will hold; member-only ones
 * already send visitors to sign in.
 */
export interface UpcomingRoute {
  path: string;
  title: string;
  description: string;
  membersOnly?: boolean;
}

export const UPCOMING_ROUTES: UpcomingRoute[] = [
  {
    path: '/jobs',
    title: 'Job Marketplace',
    description:
      'Campaign jobs from candidates, organizations and vendors: field organizers, managers, digital and data roles.',
  },
  {
    path: '/candidate-ranking',
    title: 'Candidate ranking',
    description: 'Candidates ranked by supporters, donations and endorsements.',
  },
  {
    path: '/serviceordersuccess',
    title: 'Thank you for subscribing',
    description: 'Your membership confirmation.',
  },
  { path: '/unsubscribe', title: 'Email preferences', description: 'Stop receiving campaign emails.' },
  {
    path: '/donate',
    title: 'Donate to a candidate',
    description: 'Give to the candidates you believe in, within federal contribution limits.',
  },
  {
    path: '/versus/contrast-page',
    title: 'Compare candidates',
    description: 'Two candidates side by side, position by position.',
  },
  {
    path: '/campaign-dashboard',
    title: 'Campaign dashboard',
    description: 'Your donations, donors and campaigns.',
    membersOnly: true,
  },
  {
    path: '/social-media/create-post',
    title: 'Create a post',
    description: 'Share an update on your profile.',
    membersOnly: true,
  },
];

export function upcomingPage(route: UpcomingRoute): Page {
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
