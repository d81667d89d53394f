import { PageHero, Prose } from '../../components/PageHero';
import type { StaticPage } from '../../server/page';

interface Tier {
  name: string;
  price: string;
  /** What the plan includes, in words: no check marks, so meaning never rests on an icon or a color. */
  includes: string[];
}

interface Track {
  id: string;
  title: string;
  intro: string;
  tiers: Tier[];
}

const FREE_INCLUDES = [
  'Public profile with visibility controls',
  'People search, messaging and notifications',
  'Posts and followers',
  '1 active job posting',
];

const TRACKS: Track[] = [
  {
    id: 'political-candidates',
    title: 'Political Candidates',
    intro:
      'For anyone running for office, from school board to Congress. Your profile shows the office you seek, your state, district and party.',
    tiers: [
      { name: 'Free', price: '$0', includes: FREE_INCLUDES },
      {
        name: 'Campaign',
        price: '$29/month',
        includes: [
          'Everything in Free',
          'Campaign dashboard analytics',
          'Mass email: 5,000 emails a month',
          'Up to 10 active job postings',
          'Verified badge',
        ],
      },
      {
        name: 'Campaign Pro',
        price: '$99/month',
        includes: [
          'Everything in Campaign',
          'Campaign dashboard analytics with data exports',
          'Mass email: 50,000 emails a month',
          'Unlimited active job postings',
          'Verified badge',
        ],
      },
    ],
  },
  {
    id: 'activists-organizations',
    title: 'Activists & Organizations',
    intro:
      'For volunteers, advocacy groups, unions, civic clubs and nonprofits that organize around issues and get out the vote.',
    tiers: [
      { name: 'Free', price: '$0', includes: FREE_INCLUDES },
      {
        name: 'Organizer',
        price: '$19/month',
        includes: [
          'Everything in Free',
          'Campaign dashboard analytics',
          'Mass email: 2,500 emails a month',
          'Up to 10 active job postings',
          'Verified badge',
        ],
      },
      {
        name: 'Movement',
        price: '$79/month',
        includes: [
          'Everything in Organizer',
          'Campaign dashboard analytics with data exports',
          'Mass email: 25,000 emails a month',
          'Unlimited active job postings',
          'Verified badge',
        ],
      },
    ],
  },
];

function TrackSection({ track }: { track: Track }) {
  const headingId = `${track.id}-title`;
  return (
    <section id={track.id} aria-labelledby={headingId}>
      <h2 id={headingId}>{track.title}</h2>
      <p>{track.intro}</p>
      <ul className="plan-grid">
        {track.tiers.map((tier) => (
          <li key={tier.name} className="plan-card">
            <h3>{tier.name}</h3>
            <p className="plan-card__price">{tier.price}</p>
            <ul>
              {tier.includes.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const membershipPage: StaticPage = {
  meta: {
    title: 'Membership',
    description:
      'Membership plans for Political Candidates and for Activists & Organizations: start free, then unlock analytics, mass email and more job postings.',
  },
  Body: () => (
    <>
      <PageHero
        eyebrow="Membership"
        title="Plans for both sides of the ballot"
        lead="Every member starts free. When your campaign or movement grows, a paid plan adds analytics, mass email, more job postings and a verified badge."
      >
        <p>
          <a className="button button--primary" href="/signup" data-track="button">
            Create an account
          </a>
        </p>
      </PageHero>
      <Prose>
        <section aria-labelledby="membership-tracks">
          <h2 id="membership-tracks">Two tracks, one platform</h2>
          <p>
            Your track follows your account. If you are running for office, you are on the{' '}
            <a href="#political-candidates">Political Candidates</a> track. Individual activists and
            organizations are on the <a href="#activists-organizations">Activists &amp; Organizations</a>{' '}
            track. Each track has a Free plan and two paid monthly plans.
          </p>
        </section>

        {TRACKS.map((track) => (
          <TrackSection key={track.id} track={track} />
        ))}

        <section aria-labelledby="membership-unlocks">
          <h2 id="membership-unlocks">What a paid plan unlocks</h2>
          <ul>
            <li>
              <strong>Campaign dashboard analytics:</strong> profile views, follower growth, post reach and,
              for candidates, donation totals over time, all on your{' '}
              <a href="/campaign-dashboard">campaign dashboard</a>.
            </li>
            <li>
              <strong>Mass email:</strong> a monthly quota of emails to the supporters who opted in, for
              campaign updates and get-out-the-vote drives. Every email carries a one-click unsubscribe link.
            </li>
            <li>
              <strong>More job postings:</strong> Free accounts keep one active posting on the{' '}
              <a href="/jobs">Job Marketplace</a>; paid plans post more.
            </li>
            <li>
              <strong>Verified badge:</strong> shown on your profile and in search results once our team
              confirms your identity. Candidates confirm their filing for office; organizations confirm their
              registration.
            </li>
          </ul>
        </section>

        <section aria-labelledby="membership-billing">
          <h2 id="membership-billing">Billing, renewal and cancellation</h2>
          <ul>
            <li>
              Prices are in US dollars. Paid plans are billed monthly by card through our payment provider.
            </li>
            <li>Your plan renews automatically each month on the day you subscribed.</li>
            <li>
              You can cancel any time from <a href="/settings">Settings</a>. Cancellation takes effect at the
              end of the period you have paid for: you keep your paid features until then, and your account
              moves to Free afterwards. We do not charge again and do not refund partial months.
            </li>
            <li>Your profile, messages, followers and posts stay with you when you move to Free.</li>
            <li>
              Membership fees pay for Campaign HQ services. They are not political contributions and do not
              count toward any donation limit.
            </li>
          </ul>
        </section>

        <section aria-labelledby="membership-start">
          <h2 id="membership-start">Get started</h2>
          <p>
            <a href="/signup">Create an account</a> in a minute with your email address, choose the kind of
            account that fits you, and upgrade whenever you are ready. Questions about plans or invoices? See
            the <a href="/faq">FAQ</a> or visit the <a href="/contact">Help Center</a>.
          </p>
        </section>
      </Prose>
    </>
  ),
};
