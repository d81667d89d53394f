import type { ReactNode } from 'react';
import { isMembershipTier, tierInfo } from '../../../api/contract/membership';
import { ownSubscriptionByReference, tierUnlocksTable } from '../../../api/modules/membership/tier-table';
import { signInUrl } from '../../lib/sign-in-url';
import { renderPage } from '../../render/render-page';
import type { PageContext } from '../../server/page';
import { longDate, unlocksInWords } from './tier-texts';

const REFERENCE = /^SUB-[A-Z0-9]{4,32}$/;

/**
 * /serviceordersuccess?ref=SUB-… (docs/product/spec.md §2, bare): where the payment page returns
 * after a membership checkout (docs/decisions/0024-membership.md). It shows the tier and what it unlocks once the
 * first payment has arrived, or that it is still waiting. Only the member's own reference is found:
 * anyone else's shows nothing of it.
 */
export async function showSubscriptionSuccess(c: PageContext) {
  const db = c.get('db');
  const user = c.get('user');
  const ref = c.req.query('ref') ?? '';
  const sub = user && REFERENCE.test(ref) ? await ownSubscriptionByReference(db, user.id, ref) : undefined;
  const tier = sub && isMembershipTier(sub.tier) ? sub.tier : null;
  const unlocks = tier ? (await tierUnlocksTable(db)).get(tier) : undefined;
  const here = `/serviceordersuccess?ref=${encodeURIComponent(ref)}`;

  let body: ReactNode;
  if (!sub || !tier) {
    body = (
      <>
        <h1>Membership payment</h1>
        <p>We could not find this membership payment in your account.</p>
        <p className="status-page__actions">
          {!user && REFERENCE.test(ref) && (
            <a className="button button--primary" href={signInUrl(here)}>
              Sign in to see it
            </a>
          )}
          <a className="button" href="/membership">
            Membership
          </a>
        </p>
      </>
    );
  } else if (sub.status === 'pending') {
    body = (
      <>
        <h1>Waiting for your payment</h1>
        <p role="status">
          {`We are waiting for your payment for ${tierInfo(tier).name}. This usually takes a few seconds.`}
        </p>
        <p className="status-page__actions">
          <a className="button button--primary" href={here}>
            Reload this page
          </a>
        </p>
      </>
    );
  } else if (sub.status === 'active' || sub.status === 'grace') {
    body = (
      <>
        <h1>{`Welcome to ${tierInfo(tier).name}`}</h1>
        <p>
          Your payment has arrived: your {tierInfo(tier).name} membership is active
          {sub.current_period_end ? ` and renews on ${longDate(sub.current_period_end)}` : ''}.
        </p>
        <h2>What it unlocks</h2>
        <ul data-testid="tier-unlocks">
          {(unlocks ? unlocksInWords(unlocks) : []).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="status-page__actions">
          {unlocks?.dashboardAnalytics && tierInfo(tier).track === 'candidate' && (
            <a className="button button--primary" href="/campaign-dashboard">
              Campaign dashboard
            </a>
          )}
          <a className="button" href="/membership">
            Your membership
          </a>
        </p>
      </>
    );
  } else {
    body = (
      <>
        <h1>This payment did not start a membership</h1>
        <p>
          {sub.status === 'ended'
            ? `Your ${tierInfo(tier).name} membership has ended.`
            : `The payment for ${tierInfo(tier).name} did not go through.`}
        </p>
        <p className="status-page__actions">
          <a className="button button--primary" href="/membership">
            Membership
          </a>
        </p>
      </>
    );
  }

  return renderPage(c, {
    meta: { title: 'Thank you for subscribing', description: 'Your membership confirmation.', noindex: true },
    body: <section className="status-page">{body}</section>,
  });
}
