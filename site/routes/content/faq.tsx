import { PageHero, Prose } from '../../components/PageHero';
import type { StaticPage } from '../../server/page';
import { MailLink, PhoneLink, SUPPORT_EMAIL, SUPPORT_HOURS } from './contact-details';

export const faqPage: StaticPage = {
  meta: {
    title: 'FAQ',
    description:
      'Answers to common questions about Campaign HQ accounts, people search, messaging, membership, donation limits, the shop and privacy.',
  },
  Body: () => (
    <>
      <PageHero
        eyebrow="Help"
        title="Frequently asked questions"
        lead="Quick answers about accounts, membership, donations and orders. Can't find yours? The Help Center has more."
      />
      <Prose>
        <section aria-labelledby="faq-accounts">
          <h2 id="faq-accounts">Accounts and search</h2>
          <details>
            <summary>How do I create an account?</summary>
            <p>
              Go to <a href="/signup">Sign up</a>, enter your email address and a password of at least 10
              characters, then click the verification link we email you. A short setup lets you choose an
              individual or organization account and add your state, party, position, photo and interests.
            </p>
          </details>
          <details>
            <summary>I forgot my password. What do I do?</summary>
            <p>
              Use <a href="/auth/reset-password">Reset your password</a>. We email a link that lets you choose
              a new one. For your security the link expires, so use it soon after it arrives.
            </p>
          </details>
          <details>
            <summary>How does people search work?</summary>
            <p>
              Type a name in the Search People box at the top of any page to see up to eight matches, or use{' '}
              <a href="/search">Advanced Search</a> to filter by state, party, role and interests. You only
              see the profile details each member has chosen to make public or visible to members.
            </p>
          </details>
        </section>

        <section aria-labelledby="faq-messaging">
          <h2 id="faq-messaging">Messaging and membership</h2>
          <details>
            <summary>Who can I message?</summary>
            <p>
              Any signed-in member, one to one, with messages up to 2,000 characters. Read receipts show when
              a message was seen. You can block a member to stop messages in both directions, and report any
              message that breaks our rules; our support team reviews every report.
            </p>
          </details>
          <details>
            <summary>What do paid memberships cost?</summary>
            <p>
              Candidates choose Free, Campaign ($29/month) or Campaign Pro ($99/month). Activists and
              organizations choose Free, Organizer ($19/month) or Movement ($79/month). Paid plans add
              campaign dashboard analytics, a mass email quota, more than one job posting and a verified
              badge. See <a href="/membership">Membership</a> for the full comparison.
            </p>
          </details>
          <details>
            <summary>How do renewal and cancellation work?</summary>
            <p>
              Paid plans renew every month. When you cancel from <a href="/settings">Settings</a>, you keep
              your paid features until the end of the period you have paid for, and your account then moves to
              Free.
            </p>
          </details>
        </section>

        <section aria-labelledby="faq-donations">
          <h2 id="faq-donations">Donations</h2>
          <details>
            <summary>How much can I give to a candidate?</summary>
            <p>
              Under federal rules for the 2025–2026 cycle, an individual may give up to $3,500 per candidate
              per election. The primary and the general election are separate elections, so you may give up to
              $3,500 for each. Monthly recurring gifts count toward the same limit, and we stop any gift that
              would go over it.
            </p>
          </details>
          <details>
            <summary>Why are you asking for my employer and occupation?</summary>
            <p>
              Campaigns must report the employer and occupation of donors who give more than $200 in an
              election cycle. Once your total to a candidate in the cycle goes over $200, we ask for both
              before accepting the donation. Every donor also confirms they are a US citizen or lawful
              permanent resident, are giving their own money, are not a federal contractor and are at least
              18.
            </p>
          </details>
          <details>
            <summary>Can my organization donate to a candidate?</summary>
            <p>
              No. Federal law bars corporate contributions to candidates, so organization accounts cannot
              donate to candidates. Individual members of your organization may give from their own personal
              accounts.
            </p>
          </details>
        </section>

        <section aria-labelledby="faq-shop">
          <h2 id="faq-shop">Shop and orders</h2>
          <details>
            <summary>Where do you ship, and how much does it cost?</summary>
            <p>
              We ship to all 50 states and the District of Columbia. Standard shipping is $5.99 and free on
              orders over $75; Expedited is $14.99 and Overnight is $29.99. Details are on{' '}
              <a href="/shipping-options">Shipping options</a>.
            </p>
          </details>
          <details>
            <summary>Can I use more than one coupon?</summary>
            <p>
              One coupon per order. Codes are not case-sensitive, and some have a minimum subtotal or an end
              date. Enter yours in the <a href="/cart">cart</a> before you pay; the discount is confirmed at
              checkout.
            </p>
          </details>
          <details>
            <summary>How do I track or return an order?</summary>
            <p>
              Look up your order on <a href="/order-status">Order status</a> with your order number and email.
              You can request a return there within 30 days of delivery; see <a href="/returns">Returns</a>.
            </p>
          </details>
        </section>

        <section aria-labelledby="faq-privacy">
          <h2 id="faq-privacy">Privacy</h2>
          <details>
            <summary>Do you sell my data?</summary>
            <p>
              No. We never sell personal data. Our analytics are first-party, and they honor Do Not Track and
              Global Privacy Control. You can export your data or delete your account from{' '}
              <a href="/settings">Settings</a>. Read the full <a href="/privacy-policy">Privacy Policy</a>.
            </p>
          </details>
        </section>

        <section aria-labelledby="faq-more">
          <h2 id="faq-more">Still need help?</h2>
          <p>
            Visit the <a href="/contact">Help Center</a>, email <MailLink email={SUPPORT_EMAIL} /> or call{' '}
            <PhoneLink />, {SUPPORT_HOURS}.
          </p>
        </section>
      </Prose>
    </>
  ),
};
