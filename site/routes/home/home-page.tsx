import { renderPage } from '../../render/render-page';
import type { Page, PageContext } from '../../server/page';

const FEATURES = [
  {
    title: 'Find your people',
    text: 'Search thousands of candidates, volunteers and organizations by name, state, party and the issues they care about.',
    href: '/search',
    cta: 'Search people',
  },
  {
    title: 'Organize your team',
    text: 'Message supporters one to one, get notified when someone follows you, and hire staff through the Job Marketplace.',
    href: '/jobs',
    cta: 'Browse campaign jobs',
  },
  {
    title: 'Fund the campaign',
    text: 'Accept donations within federal limits, with the donor details your compliance reports need, from one dashboard.',
    href: '/membership',
    cta: 'See membership plans',
  },
  {
    title: 'Show your colors',
    text: 'Order yard signs, shirts, caps and buttons for your volunteers and supporters, shipped anywhere in the USA.',
    href: '/merchandise',
    cta: 'Shop promotional items',
  },
];

export function homePage(): Page {
  return {
    meta: {
      title: 'Campaign HQ',
      description:
        'Campaign HQ is the campaign headquarters for candidates, activists and organizations: people search, messaging, jobs, donations and campaign merchandise in one place.',
      canonicalPath: '/',
    },
    body: (
      <>
        <section className="home-hero">
          <div className="home-hero__inner">
            <p className="page-hero__eyebrow">The campaign headquarters</p>
            <h1>Run your whole campaign from one place</h1>
            <p className="home-hero__lead">
              Campaign HQ brings together the people, conversations, jobs, donations and merchandise that
              candidates, activists and organizations need to win.
            </p>
            <p className="home-hero__actions">
              <a className="button button--primary button--large" href="/signup" data-track="button">
                Start for free
              </a>
              <a className="button button--ghost button--large" href="/membership" data-track="button">
                Compare plans
              </a>
            </p>
          </div>
        </section>
        <section className="home-features" aria-labelledby="features-title">
          <h2 id="features-title">Everything a campaign runs on</h2>
          <ul className="feature-grid">
            {FEATURES.map((f) => (
              <li key={f.title} className="feature-card">
                <h3>{f.title}</h3>
                <p>{f.text}</p>
                <a href={f.href}>{f.cta}</a>
              </li>
            ))}
          </ul>
        </section>
        <section className="home-tracks" aria-labelledby="tracks-title">
          <h2 id="tracks-title">Built for both sides of the ballot</h2>
          <div className="track-grid">
            <article className="track-card">
              <h3>Political Candidates</h3>
              <p>
                From a school board race to a seat in Congress: build your profile, raise money, recruit
                volunteers and keep your supporters informed.
              </p>
              <a className="button" href="/membership">
                Plans for candidates
              </a>
            </article>
            <article className="track-card">
              <h3>Activists &amp; Organizations</h3>
              <p>
                Grow your movement: find allies in every state, hire organizers, coordinate get-out-the-vote
                drives and equip your members.
              </p>
              <a className="button" href="/membership">
                Plans for organizations
              </a>
            </article>
          </div>
        </section>
      </>
    ),
  };
}

export function showHome(c: PageContext) {
  return renderPage(c, homePage());
}
