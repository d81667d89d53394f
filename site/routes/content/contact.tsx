import { PageHero, Prose } from '../../components/PageHero';
import type { StaticPage } from '../../server/page';
import { MailLink, PhoneLink, PostalAddress, SUPPORT_EMAIL, SUPPORT_HOURS } from './contact-details';

export const contactPage: StaticPage = {
  meta: {
    title: 'Help Center',
    description:
      'Get help with your Campaign HQ account, orders and shipping, donations, membership and billing, or safety, and reach our support team.',
  },
  Body: () => (
    <>
      <PageHero
        eyebrow="Help Center"
        title="How can we help?"
        lead="Find quick answers by topic, or contact our support team. We answer most emails within one business day."
      />
      <Prose>
        <section aria-labelledby="help-account">
          <h2 id="help-account">Account &amp; sign-in</h2>
          <ul>
            <li>
              <strong>Can't sign in?</strong> Check that you verified your email, then{' '}
              <a href="/auth/reset-password">reset your password</a>.
            </li>
            <li>
              <strong>Didn't get the verification email?</strong> Look in your spam folder, then sign in to
              request a new link. Links expire for your safety.
            </li>
            <li>
              <strong>Change your email, password or privacy settings</strong> in{' '}
              <a href="/settings">Settings</a>, where you can also choose who sees each profile detail.
            </li>
            <li>
              <strong>Unexpected sign-in alert?</strong> Change your password right away and contact us.
            </li>
          </ul>
        </section>

        <section aria-labelledby="help-orders">
          <h2 id="help-orders">Orders &amp; shipping</h2>
          <ul>
            <li>
              <strong>Where is my order?</strong> Look it up on <a href="/order-status">Order status</a> with
              your order number and email address.
            </li>
            <li>
              <strong>Shipping costs and times</strong> are on{' '}
              <a href="/shipping-options">Shipping options</a>. We ship to the 50 states and DC.
            </li>
            <li>
              <strong>Returns</strong> can be requested within 30 days of delivery. Read the{' '}
              <a href="/returns">return policy</a>.
            </li>
            <li>
              <strong>Damaged or misprinted item?</strong> We replace it at no cost; see{' '}
              <a href="/quality-assurance">Quality assurance</a>.
            </li>
          </ul>
        </section>

        <section aria-labelledby="help-donations">
          <h2 id="help-donations">Donations</h2>
          <ul>
            <li>
              <strong>Limits:</strong> up to $3,500 per candidate per election, with the primary and general
              counted separately.
            </li>
            <li>
              <strong>Employer and occupation</strong> are required once your total to a candidate in the
              cycle goes over $200.
            </li>
            <li>
              <strong>Organization accounts</strong> cannot donate to candidates.
            </li>
            <li>
              <strong>Stop a monthly donation</strong> or get a receipt by contacting the candidate's campaign
              or our support team. More in the <a href="/faq">FAQ</a>.
            </li>
          </ul>
        </section>

        <section aria-labelledby="help-membership">
          <h2 id="help-membership">Membership &amp; billing</h2>
          <ul>
            <li>
              <strong>Compare plans</strong> for candidates and for organizations on{' '}
              <a href="/membership">Membership</a>.
            </li>
            <li>
              <strong>Cancel</strong> from <a href="/settings">Settings</a>; your paid features last until the
              end of the period you paid for.
            </li>
            <li>
              <strong>Questions about a charge?</strong> Email us with the date and amount and we will look
              into it.
            </li>
          </ul>
        </section>

        <section aria-labelledby="help-safety">
          <h2 id="help-safety">Safety &amp; reporting</h2>
          <ul>
            <li>
              <strong>Report</strong> a profile, message, job or post with the Report option next to it. Our
              support and security teams review every report.
            </li>
            <li>
              <strong>Block</strong> a member to stop messages in both directions.
            </li>
            <li>
              <strong>Threats of violence</strong> or an emergency: call 911 first, then let us know.
            </li>
            <li>
              Our <a href="/terms-of-service">Terms of Service</a> and{' '}
              <a href="/social-media">community guidelines</a> explain what is not allowed.
            </li>
          </ul>
        </section>

        <section aria-labelledby="help-contact">
          <h2 id="help-contact">Contact us</h2>
          <ul>
            <li>
              Email: <MailLink email={SUPPORT_EMAIL} />
            </li>
            <li>
              Phone: <PhoneLink />, {SUPPORT_HOURS}
            </li>
          </ul>
          <h3>Mailing address</h3>
          <PostalAddress />
          <p>
            Have an idea or a suggestion rather than a problem? <a href="/feedback">Send us feedback</a>.
          </p>
        </section>
      </Prose>
    </>
  ),
};
