import {
  type Entitlements,
  isMembershipTier,
  MEMBERSHIP_TIERS,
  MEMBERSHIP_TRACK_LABEL,
  MEMBERSHIP_TRACKS,
  type MembershipTier,
  type MembershipTrack,
  tierInfo,
} from '../../../api/contract/membership';
import { entitlementsOf } from '../../../api/modules/membership/entitlements';
import {
  pendingSubscriptionOf,
  type TierUnlocks,
  tierUnlocksTable,
} from '../../../api/modules/membership/tier-table';
import { PageHero } from '../../components/PageHero';
import { ScrollingTable } from '../../components/ScrollingTable';
import { signInUrl } from '../../lib/sign-in-url';
import { renderPage } from '../../render/render-page';
import { Island } from '../../server/Island';
import type { PageContext } from '../../server/page';
import { longDate, priceOf, UNLOCK_ROWS } from './tier-texts';

/** The fragments the header's track links jump to (site/lib/nav-links.ts). */
const TRACK_ANCHOR: Record<MembershipTrack, string> = {
  candidate: 'political-candidates',
  organization: 'activists-organizations',
};

const TRACK_INTRO: Record<MembershipTrack, string> = {
  candidate:
    'For anyone running for office, from school board to Congress. Candidate accounts subscribe to these tiers.',
  organization:
    'For advocacy groups, unions, civic clubs and nonprofits. Organization accounts subscribe to these tiers.',
};

interface Viewer {
  signedIn: boolean;
  mine: Entitlements | null;
  pendingTier: MembershipTier | null;
  chosen: MembershipTier | null;
}

/** Why this viewer is offered no Subscribe button on a track, or null when they are. */
function whyNoSubscribe(track: MembershipTrack, viewer: Viewer): string | null {
  if (!viewer.signedIn) return null;
  if (viewer.mine?.track === track) return null;
  if (viewer.mine?.track === null) {
    return 'Paid tiers are for candidate and organization accounts. Your individual account keeps everything Free offers.';
  }
  return track === 'candidate'
    ? 'These tiers are for candidate accounts; your account subscribes on the Activists & Organizations track.'
    : 'These tiers are for organization accounts; your candidate account subscribes on the Political Candidates track.';
}

function TierAction({ tier, viewer }: { tier: MembershipTier; viewer: Viewer }) {
  const info = tierInfo(tier);
  if (info.monthlyCents === 0) return null;
  if (!viewer.signedIn) {
    return (
      <a
        className={`button${viewer.chosen === tier ? ' button--primary' : ''}`}
        href={signInUrl(`/membership?tier=${tier}`)}
      >
        Sign in to subscribe<span className="visually-hidden"> to {info.name}</span>
      </a>
    );
  }
  const mine = viewer.mine;
  if (!mine || mine.track !== info.track) return null;
  if (mine.tier === tier) {
    return <p className="plan-card__current">Your current tier</p>;
  }
  const onPaid = mine.status !== 'free';
  return (
    <Island
      name="MembershipSubscribe"
      props={{
        tier,
        tierName: info.name,
        label: onPaid ? 'Change to' : 'Subscribe to',
        chosen: viewer.chosen === tier,
      }}
    />
  );
}

function TrackSection({
  track,
  unlocks,
  viewer,
}: {
  track: MembershipTrack;
  unlocks: Map<MembershipTier, TierUnlocks>;
  viewer: Viewer;
}) {
  const anchor = TRACK_ANCHOR[track];
  const tiers = MEMBERSHIP_TIERS.filter((t) => t.track === track);
  const why = whyNoSubscribe(track, viewer);
  return (
    <section id={anchor} aria-labelledby={`${anchor}-title`} data-testid={`track-${track}`}>
      <h2 id={`${anchor}-title`}>{MEMBERSHIP_TRACK_LABEL[track]}</h2>
      <p>{TRACK_INTRO[track]}</p>
      {why && <p className="notice">{why}</p>}
      <ul className="plan-grid">
        {tiers.map((t) => (
          <li
            key={t.tier}
            className={`plan-card${viewer.chosen === t.tier ? ' plan-card--chosen' : ''}`}
            data-testid={`tier-${t.tier}`}
          >
            <h3>{t.name}</h3>
            <p className="plan-card__price">{priceOf(t)}</p>
            <TierAction tier={t.tier} viewer={viewer} />
          </li>
        ))}
      </ul>
      <ScrollingTable
        caption={`What each ${MEMBERSHIP_TRACK_LABEL[track]} tier unlocks`}
        className="data-table"
        testId={`compare-${track}`}
      >
        <thead>
          <tr>
            <th scope="col">Feature</th>
            {tiers.map((t) => (
              <th key={t.tier} scope="col">
                {t.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {UNLOCK_ROWS.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {tiers.map((t) => {
                const u = unlocks.get(t.tier);
                return <td key={t.tier}>{u ? row.value(u) : '—'}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </ScrollingTable>
    </section>
  );
}

function statusLine(mine: Entitlements): string {
  const until = mine.paidUntil ? longDate(mine.paidUntil) : '';
  switch (mine.status) {
    case 'active':
      return `Active. Renews on ${until}.`;
    case 'cancelling':
      return `Cancelled. You keep ${mine.tierName} until ${until}, then move to Free.`;
    case 'grace':
      return `Your last payment did not go through. You keep ${mine.tierName} until ${until} while it is retried, then move to Free.`;
    default:
      return 'Free.';
  }
}

function MyMembership({ mine, pendingTier }: { mine: Entitlements; pendingTier: MembershipTier | null }) {
  return (
    <section aria-labelledby="my-membership-title" data-testid="my-membership">
      <h2 id="my-membership-title">Your membership</h2>
      <dl className="membership-mine">
        <div>
          <dt>Tier</dt>
          <dd data-testid="my-tier">{mine.tierName}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd data-testid="my-status">{statusLine(mine)}</dd>
        </div>
      </dl>
      {pendingTier && (
        <p className="notice" role="status">
          We are waiting for your first payment for {tierInfo(pendingTier).name}. Until it arrives you keep{' '}
          {mine.tierName}.
        </p>
      )}
      {mine.status !== 'free' && (
        <Island name="MembershipManage" props={{ status: mine.status, tierName: mine.tierName }} />
      )}
    </section>
  );
}

const FAQ: { q: string; a: string }[] = [
  {
    q: 'When am I charged?',
    a: 'Paid tiers are billed monthly by card. Your tier starts when the first payment arrives and renews every month on that day.',
  },
  {
    q: 'Can I cancel?',
    a: 'Any time. You keep your tier until the end of the month you have paid for, then move to Free. Until then you can resume without paying again.',
  },
  {
    q: 'What if a payment fails?',
    a: 'We retry for 7 days and you keep your tier meanwhile. If no payment succeeds by then, your account moves to Free.',
  },
  {
    q: 'Can I upgrade or downgrade?',
    a: 'Yes, within your track: subscribe to the other tier. You keep your current tier until the new one is paid; the new month starts then, and the rest of the old month is not refunded. To step down at the end of a paid month instead, cancel and subscribe again later.',
  },
  {
    q: 'Are membership fees political contributions?',
    a: 'No. They pay for Campaign HQ services and do not count toward any donation limit.',
  },
];

/**
 * /membership (docs/product/rulings.md "Membership"; docs/decisions/0024-membership.md): both tracks with their
 * tiers and prices, the comparison read from membership_entitlements, an FAQ, Subscribe for the
 * viewer's own track, and the signed-in member's membership with Cancel / Resume.
 */
export async function showMembership(c: PageContext) {
  const db = c.get('db');
  const user = c.get('user');
  const asked = c.req.query('tier') ?? '';
  const [unlocks, mine, pending] = await Promise.all([
    tierUnlocksTable(db),
    user ? entitlementsOf(db, user.id) : null,
    user ? pendingSubscriptionOf(db, user.id) : undefined,
  ]);
  const pendingTier = pending && isMembershipTier(pending.tier) ? pending.tier : null;
  const viewer: Viewer = {
    signedIn: user !== null && user !== undefined,
    mine,
    pendingTier,
    chosen: isMembershipTier(asked) ? asked : null,
  };
  return renderPage(c, {
    meta: {
      title: 'Membership',
      description:
        'Membership tiers for Political Candidates and for Activists & Organizations: start free, then add a verified badge, dashboard analytics, job posts and follower emails.',
      canonicalPath: '/membership',
    },
    body: (
      <>
        <PageHero
          eyebrow="Membership"
          title="Plans for both sides of the ballot"
          lead="Every member starts free. A paid tier adds a verified badge, campaign dashboard analytics, more job posts and emails to your followers."
        >
          {!viewer.signedIn && (
            <p>
              <a className="button button--primary" href="/signup" data-track="button">
                Create an account
              </a>
            </p>
          )}
        </PageHero>
        <div className="prose membership-page">
          {mine && <MyMembership mine={mine} pendingTier={pendingTier} />}
          {MEMBERSHIP_TRACKS.map((track) => (
            <TrackSection key={track} track={track} unlocks={unlocks} viewer={viewer} />
          ))}
          <section aria-labelledby="membership-faq-title">
            <h2 id="membership-faq-title">Questions about membership</h2>
            {FAQ.map((item) => (
              <div key={item.q}>
                <h3>{item.q}</h3>
                <p>{item.a}</p>
              </div>
            ))}
          </section>
        </div>
      </>
    ),
  });
}
