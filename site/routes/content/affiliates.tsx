import { PageHero, Prose } from '../../components/PageHero';
import { ScrollingTable } from '../../components/ScrollingTable';
import { signInUrl } from '../../lib/sign-in-url';
import type { PageMeta } from '../../server/page';
import { AFFILIATES_EMAIL, MailLink } from './contact-details';

/** Who is reading /affiliates: a visitor, a member, or a member who already joined. */
export type AffiliatesViewer = 'visitor' | 'member' | 'affiliate';

/** What "How to join" offers this reader (docs/decisions/0031-affiliates-and-partner-revenue.md): sign in, join, or their dashboard. */
function JoinAction({ viewer }: { viewer: AffiliatesViewer }) {
  if (viewer === 'affiliate') {
    return (
      <p>
        You are in the program. <a href="/affiliates/dashboard">Open your affiliate dashboard</a> for your
        link, clicks, conversions and earnings.
      </p>
    );
  }
  if (viewer === 'visitor') {
    return (
      <p>
        You need a Campaign HQ account; <a href="/signup">create one for free</a> if you do not have one yet,
        then <a href={signInUrl('/affiliates#aff-join')}>sign in to join</a>. Joining takes one click: you get
        your referral code and link at once.
      </p>
    );
  }
  return (
    <form method="post" action="/affiliates/join" className="form">
      <p>Join with your account: you get your referral code and link at once.</p>
      <button type="submit" className="button button--primary">
        Join the affiliate program
      </button>
    </form>
  );
}

export const affiliatesPage: {
  meta: PageMeta;
  Body: (props: { viewer: AffiliatesViewer }) => ReturnType<typeof JoinAction>;
} = {
  meta: {
    title: 'Affiliates',
    description:
      'Join the Campaign HQ affiliate program: share your referral link and earn 10% on attributed merchandise orders and first membership months.',
  },
  Body: ({ viewer }) => (
    <>
      <PageHero
        eyebrow="Affiliate program"
        title="Affiliates"
        lead="Recommend Campaign HQ to the campaigns and organizations you work with, and earn a commission when they buy."
      />
      <Prose>
        <section aria-labelledby="aff-how">
          <h2 id="aff-how">How it works</h2>
          <ol>
            <li>Join the program (see below) and you receive your own referral code at once.</li>
            <li>
              Add <code>?ref=CODE</code> to any Campaign HQ link, replacing CODE with your code. For example,
              a link to the shop becomes <code>/merchandise?ref=CODE</code>, and a link to plans becomes{' '}
              <code>/membership?ref=CODE</code>.
            </li>
            <li>
              When someone arrives through your link and buys within 30 days, the order or subscription is
              attributed to you.
            </li>
            <li>You earn a commission, paid out monthly.</li>
          </ol>
        </section>

        <section aria-labelledby="aff-earn">
          <h2 id="aff-earn">What you earn</h2>
          <ScrollingTable caption="Affiliate commissions" className="content-table">
            <thead>
              <tr>
                <th scope="col">Purchase</th>
                <th scope="col">Commission</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Merchandise order</th>
                <td>10% of the attributed order</td>
              </tr>
              <tr>
                <th scope="row">Paid membership</th>
                <td>10% of the first subscription month</td>
              </tr>
              <tr>
                <th scope="row">Political donation</th>
                <td>No commission</td>
              </tr>
            </tbody>
          </ScrollingTable>
          <ul>
            <li>
              Commission on orders is calculated on the amount the customer paid for merchandise after any
              coupon, excluding shipping.
            </li>
            <li>If an order is cancelled, refunded or returned, its commission is reversed.</li>
            <li>
              Donations to candidates never earn a commission: contributions go to the campaign in full, as
              federal law expects.
            </li>
          </ul>
        </section>

        <section aria-labelledby="aff-join">
          <h2 id="aff-join">How to join</h2>
          <JoinAction viewer={viewer} />
        </section>

        <section aria-labelledby="aff-rules">
          <h2 id="aff-rules">Program rules</h2>
          <ul>
            <li>Orders and subscriptions you place for yourself do not earn a commission.</li>
            <li>Say clearly that you earn a commission when you recommend Campaign HQ.</li>
            <li>
              Do not bid on our name in search ads, send spam, or imply that Campaign HQ endorses a candidate
              or cause.
            </li>
            <li>
              We may end an affiliate's participation for breaking these rules or our{' '}
              <a href="/terms-of-service">Terms of Service</a>.
            </li>
          </ul>
          <p>
            Questions about the program or a payout? Email <MailLink email={AFFILIATES_EMAIL} />.
          </p>
        </section>
      </Prose>
    </>
  ),
};
