import { PageHero, Prose } from '../../components/PageHero';
import type { StaticPage } from '../../server/page';
import { MailLink, PhoneLink, POLICY_EFFECTIVE_DATE, PostalAddress, SUPPORT_EMAIL } from './contact-details';

/** The summary, what we collect, analytics and cookies. */
function WhatWeCollect() {
  return (
    <>
      <section aria-labelledby="pp-summary">
        <h2 id="pp-summary">The short version</h2>
        <ul>
          <li>We do not sell personal data, and we do not share it for advertising.</li>
          <li>
            Our analytics are first-party and switch off when your browser sends Do Not Track or Global
            Privacy Control.
          </li>
          <li>
            You choose who sees each detail of your profile, and you can export or delete your data at any
            time.
          </li>
        </ul>
      </section>

      <section aria-labelledby="pp-collect">
        <h2 id="pp-collect">Information we collect</h2>
        <h3>What you give us</h3>
        <ul>
          <li>Account details: email address, password, and your name or your organization's name.</li>
          <li>
            Profile details you choose to add, such as state, party, position, interests and a photo.
            Candidates add the office they seek, their state, district and party.
          </li>
          <li>Posts, messages, job listings, job applications, feedback and support requests.</li>
          <li>
            Orders: your name, email, shipping address and the items you buy. Card numbers go directly to our
            payment provider; we keep only a payment reference.
          </li>
          <li>
            Donations: the name, address, employer, occupation and eligibility statements that federal
            campaign-finance law requires.
          </li>
        </ul>
        <h3>What we collect automatically</h3>
        <ul>
          <li>
            Security records: sign-ins, failed sign-in attempts and the network address they came from, so we
            can stop attacks and alert you to a new sign-in.
          </li>
          <li>Usage analytics, described below, unless your browser asks us not to.</li>
        </ul>
      </section>

      <section aria-labelledby="pp-analytics">
        <h2 id="pp-analytics">Analytics</h2>
        <p>
          Our analytics are first-party: they run on our own servers, and no advertising network or
          third-party tracker sees your visit. We record pages viewed, time on page, the page that referred
          you, campaign tags in links, and clicks on buttons and links, to learn which features help
          campaigns. Staff areas are not tracked.
        </p>
        <ul>
          <li>
            We honor Do Not Track and Global Privacy Control: when your browser sends either signal, we record
            no analytics for your visit.
          </li>
          <li>
            IP addresses are not stored in the clear for analytics. We keep only a one-way hash and an
            approximate location at state level.
          </li>
        </ul>
      </section>

      <section aria-labelledby="pp-cookies">
        <h2 id="pp-cookies">Cookies and browser storage</h2>
        <ul>
          <li>
            A session cookie keeps you signed in. It is HttpOnly, so scripts on the page cannot read it, and
            it is only sent over secure connections.
          </li>
          <li>A security token cookie protects forms against cross-site request forgery.</li>
          <li>
            Your browser's local storage holds your cart and your recent searches on your own device until you
            sign out or clear them.
          </li>
        </ul>
        <p>We use no advertising cookies and no third-party social media trackers.</p>
      </section>
    </>
  );
}

/** Use, sharing, security, rights, retention and contact. */
function HowWeUseAndProtectIt() {
  return (
    <>
      <section aria-labelledby="pp-use">
        <h2 id="pp-use">How we use information</h2>
        <p>
          To run your account and show your profile; to deliver messages and notifications; to process orders,
          memberships and donations; to enforce contribution limits and our{' '}
          <a href="/terms-of-service">terms</a>; to keep the service secure; to answer support requests; and
          to improve Campaign HQ. We send emails you asked for, and every mass email has a one-click
          unsubscribe link.
        </p>
      </section>

      <section aria-labelledby="pp-share">
        <h2 id="pp-share">Who sees your information</h2>
        <ul>
          <li>
            <strong>Other members and visitors</strong> see what you make visible. Each profile detail can be
            public, visible to members only, or private.
          </li>
          <li>
            <strong>Candidates you donate to</strong> receive your donation and the donor details they must
            report to the Federal Election Commission, which publishes contributions over $200.
          </li>
          <li>
            <strong>Employers</strong> see your profile and cover note when you apply to their job.
          </li>
          <li>
            <strong>Vendors</strong> receive the name and shipping address they need to fulfill your order.
          </li>
          <li>
            <strong>Service providers</strong> that process payments, deliver email and host our systems,
            under contracts that forbid any other use.
          </li>
          <li>
            <strong>Authorities</strong>, when the law requires it. We review each request and push back on
            requests that are overly broad.
          </li>
        </ul>
        <p>We do not sell personal data, and we never share it for cross-context advertising.</p>
      </section>

      <section aria-labelledby="pp-security">
        <h2 id="pp-security">How we protect it</h2>
        <ul>
          <li>Passwords are stored only as argon2id hashes; nobody at Campaign HQ can read your password.</li>
          <li>Connections are encrypted, and session cookies are HttpOnly.</li>
          <li>
            Staff access is limited by role and permission, and every staff action that changes data is
            written to an audit log that cannot be edited.
          </li>
          <li>We rate-limit sign-ins and block abusive networks.</li>
        </ul>
      </section>

      <section aria-labelledby="pp-rights">
        <h2 id="pp-rights">Your choices and rights</h2>
        <ul>
          <li>
            <strong>Export:</strong> download a copy of your data from <a href="/settings">Settings</a>.
          </li>
          <li>
            <strong>Correct:</strong> edit your profile and visibility choices at any time.
          </li>
          <li>
            <strong>Delete:</strong> delete your account from <a href="/settings">Settings</a>. We remove your
            profile, posts and messages. Financial records of orders, memberships and donations are kept,
            anonymized, for as long as tax and campaign-finance law requires.
          </li>
          <li>
            <strong>Emails:</strong> unsubscribe with the link in any email or in your settings.
          </li>
        </ul>
        <p>
          Depending on where you live, you may have further rights under state privacy laws. Email us and we
          will respond within 45 days; if we decline, you can appeal by replying to our answer.
        </p>
      </section>

      <section aria-labelledby="pp-retention">
        <h2 id="pp-retention">Retention and children</h2>
        <p>
          We keep data while your account is open and delete it when it is no longer needed, except for the
          financial and security records described above. Campaign HQ is not meant for children under 16, and
          we do not knowingly collect their personal data.
        </p>
      </section>

      <section aria-labelledby="pp-contact">
        <h2 id="pp-contact">Changes and contact</h2>
        <p>
          We will tell you by email at least 30 days before a material change to this policy. Questions or
          requests: email <MailLink email={SUPPORT_EMAIL} />, call <PhoneLink />, or write to us:
        </p>
        <PostalAddress />
        <p>
          How we keep Campaign HQ usable for everyone, and how to report a barrier, is in our{' '}
          <a href="/accessibility">accessibility statement</a>.
        </p>
      </section>
    </>
  );
}

export const privacyPolicyPage: StaticPage = {
  meta: {
    title: 'Privacy Policy',
    description:
      'What personal data Campaign HQ collects, how we protect it, first-party analytics that honor Do Not Track, and how to export or delete your data.',
  },
  Body: () => (
    <>
      <PageHero
        eyebrow="Account & Policy"
        title="Privacy Policy"
        lead={`Effective ${POLICY_EFFECTIVE_DATE}. Political activity is sensitive. We collect only what we need to run Campaign HQ, and we never sell your personal data.`}
      />
      <Prose>
        <WhatWeCollect />
        <HowWeUseAndProtectIt />
      </Prose>
    </>
  ),
};
