import { PageHero, Prose } from '../../components/PageHero';
import type { StaticPage } from '../../server/page';
import { AFFILIATES_EMAIL, MailLink } from './contact-details';

export const affiliatesPage: StaticPage = {
  meta: {
    title: 'Affiliates',
    description:
      'Join the Campaign HQ affiliate program: share your referral link and earn 10% on attributed merchandise orders and first membership months.',
  },
  Body: () => (
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
            <li>Apply to join the program (see below). Once approved, you receive your own referral code.</li>
            <li>
              Add <code>?ref=CODE</code> to any Campaign HQ link, replacing CODE with your code. For example,
              a link to the shop becomes <code>/merchandise?ref=CODE</code>, and a link to plans becomes{' '}
              <code>/membership?ref=CODE</code>.
            </li>
            <li>
              When someone arrives through your link and buys, the order or subscription is attributed to you.
            </li>
            <li>You earn a commission, paid out monthly.</li>
          </ol>
        </section>

        <section aria-labelledby="aff-earn">
          <h2 id="aff-earn">What you earn</h2>
          <table className="content-table">
            <caption>Affiliate commissions</caption>
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
          </table>
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
          <p>
            You need a Campaign HQ account; <a href="/signup">create one for free</a> if you do not have one
            yet. Then email <MailLink email={AFFILIATES_EMAIL} /> from the address on your account and tell
            us:
          </p>
          <ul>
            <li>your name or your organization's name;</li>
            <li>
              where you plan to share your link, such as a newsletter, a website or a network of campaigns;
            </li>
            <li>the referral code you would like, in letters and digits.</li>
          </ul>
          <p>
            We review applications within five business days and email you your code and the program terms.
          </p>
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
