import { PageHero, Prose } from '../../components/PageHero';
import type { StaticPage } from '../../server/page';
import { MailLink, PhoneLink, POLICY_EFFECTIVE_DATE, PostalAddress, SUPPORT_EMAIL } from './contact-details';

/** Sections 1–6: agreement, accounts, membership, conduct, content, jobs. */
function MembershipAndConduct() {
  return (
    <>
      <section aria-labelledby="tos-agreement">
        <h2 id="tos-agreement">1. Agreeing to these terms</h2>
        <p>
          By creating an account, placing an order, donating or otherwise using Campaign HQ, you agree to
          these terms and to our <a href="/privacy-policy">Privacy Policy</a>. If you use Campaign HQ for an
          organization or campaign, you confirm you are authorized to accept these terms on its behalf. If you
          do not agree, please do not use the service.
        </p>
      </section>

      <section aria-labelledby="tos-accounts">
        <h2 id="tos-accounts">2. Your account</h2>
        <ul>
          <li>You must be at least 16 years old to create an account, and at least 18 to donate or buy.</li>
          <li>
            Give accurate information: your real name for an individual account, the legal or commonly used
            name of an organization, and true details about any office you seek.
          </li>
          <li>
            Keep your password secret and tell us right away at <MailLink email={SUPPORT_EMAIL} /> if you
            think someone else has used your account. You are responsible for activity under your account.
          </li>
          <li>
            One person or organization per account. Do not impersonate a candidate, campaign or anyone else.
          </li>
        </ul>
      </section>

      <section aria-labelledby="tos-membership">
        <h2 id="tos-membership">3. Membership and billing</h2>
        <p>
          Paid <a href="/membership">memberships</a> are billed monthly in advance and renew automatically
          until you cancel. You may cancel at any time from <a href="/settings">Settings</a>; cancellation
          takes effect at the end of the current billing period and paid features remain until then. Fees
          already paid are not refunded for partial months, except where the law requires. We may change
          prices with at least 30 days' notice by email; the new price applies from your next renewal after
          that notice.
        </p>
      </section>

      <section aria-labelledby="tos-conduct">
        <h2 id="tos-conduct">4. Community rules</h2>
        <p>
          Campaign HQ is open to every party and viewpoint. Vigorous political debate is welcome; the
          following is not:
        </p>
        <ul>
          <li>Threats, incitement to violence, and harassment or targeting of any person or group.</li>
          <li>False information about when, where or how to vote, or efforts to intimidate voters.</li>
          <li>Impersonation, fake accounts and coordinated inauthentic activity.</li>
          <li>Spam, unsolicited bulk messages and emails sent to people who did not opt in.</li>
          <li>Sharing another person's private information without consent.</li>
          <li>Illegal content, malware, scraping, or attempts to break or overload the service.</li>
        </ul>
        <p>
          Members can report profiles, messages, jobs and posts. Our staff review reports and may remove
          content, limit features or block accounts and networks that break these rules.
        </p>
      </section>

      <section aria-labelledby="tos-content">
        <h2 id="tos-content">5. Your content</h2>
        <p>
          You own what you post: profile details, posts, images, messages and job listings. You grant Campaign
          HQ a non-exclusive, royalty-free license to host, display and distribute that content as needed to
          run the service, for example to show your posts on your profile. You confirm you have the rights to
          what you post. The license ends when you delete the content or your account, except for copies
          others have already shared and backups kept for a limited time.
        </p>
      </section>

      <section aria-labelledby="tos-jobs">
        <h2 id="tos-jobs">6. Job Marketplace</h2>
        <p>
          Employers are responsible for their listings and hiring decisions, and must follow employment and
          anti-discrimination law. Campaign HQ is not a party to any employment relationship and does not
          guarantee any listing or applicant.
        </p>
      </section>
    </>
  );
}

/** Sections 7–14: donations, shop, vendors, property, closing, liability, law, changes. */
function MoneyAndLegalTerms() {
  return (
    <>
      <section aria-labelledby="tos-donations">
        <h2 id="tos-donations">7. Political donations</h2>
        <p>
          Donations made on Campaign HQ go to the candidate you choose. Campaign HQ processes them on the
          campaign's behalf and does not itself make or receive political contributions. Contributions are not
          tax-deductible. When you donate, you confirm that you are a US citizen or lawful permanent resident,
          at least 18 years old, giving your own money and not a federal contractor. For the 2025–2026 cycle
          an individual may give at most $3,500 per candidate per election, with primary and general elections
          counted separately; employer and occupation are required once your total to a candidate in the cycle
          exceeds $200. Organization accounts cannot donate to candidates. We refuse or refund contributions
          that would break these rules, and candidates remain responsible for their own campaign finance
          reports.
        </p>
      </section>

      <section aria-labelledby="tos-shop">
        <h2 id="tos-shop">8. Shop purchases</h2>
        <p>
          Prices are in US dollars and are confirmed at checkout, where we calculate every price, discount and
          shipping charge. One coupon may be used per order. We ship only within the 50 states and the
          District of Columbia. Our <a href="/shipping-options">shipping</a>, <a href="/returns">returns</a>{' '}
          and <a href="/quality-assurance">quality</a> policies form part of these terms. If an item is priced
          in error or becomes unavailable, we may cancel the order and refund you in full.
        </p>
      </section>

      <section aria-labelledby="tos-vendors">
        <h2 id="tos-vendors">9. Vendors and affiliates</h2>
        <p>
          Vendors who sell in our shop are responsible for their products and must meet our quality standards.
          Campaign HQ keeps a commission on each vendor sale, 15% unless the vendor agreement says otherwise.
          Members of our <a href="/affiliates">affiliate program</a> earn commissions under the terms on that
          page; self-referrals and misleading promotion are not allowed.
        </p>
      </section>

      <section aria-labelledby="tos-ip">
        <h2 id="tos-ip">10. Our intellectual property</h2>
        <p>
          The Campaign HQ name, logo, software and site design belong to us. You may not copy, modify or
          resell them, or use our name to suggest that we endorse a candidate, party or cause. We do not
          endorse anyone.
        </p>
      </section>

      <section aria-labelledby="tos-termination">
        <h2 id="tos-termination">11. Suspension and closing your account</h2>
        <p>
          You may delete your account at any time from <a href="/settings">Settings</a>. We may suspend or
          close accounts that break these terms, put other members at risk or expose us to legal liability.
          Where it is safe and lawful, we tell you why and give you a chance to respond.
        </p>
      </section>

      <section aria-labelledby="tos-liability">
        <h2 id="tos-liability">12. Disclaimers and limitation of liability</h2>
        <p>
          Campaign HQ is provided &ldquo;as is&rdquo;. We work hard to keep it secure and available but do not
          promise it will be uninterrupted or error-free, and we are not responsible for what members say or
          do. To the extent the law allows, our total liability for any claim is limited to the greater of
          $100 or the amount you paid us in the 12 months before the claim, and we are not liable for indirect
          or consequential losses. Nothing in these terms limits rights you have under consumer protection
          law.
        </p>
      </section>

      <section aria-labelledby="tos-law">
        <h2 id="tos-law">13. Governing law and disputes</h2>
        <p>
          These terms are governed by the laws of the District of Columbia and applicable federal law. Before
          filing a claim, please contact us so we can try to resolve it informally within 60 days. Disputes
          that are not resolved may be brought in the courts located in Washington, DC, or in small claims
          court where you live.
        </p>
      </section>

      <section aria-labelledby="tos-changes">
        <h2 id="tos-changes">14. Changes and contact</h2>
        <p>
          We may update these terms and will tell you by email or on the site at least 30 days before material
          changes take effect. Questions? Email <MailLink email={SUPPORT_EMAIL} />, call <PhoneLink /> or
          write to us:
        </p>
        <PostalAddress />
      </section>
    </>
  );
}

export const termsOfServicePage: StaticPage = {
  meta: {
    title: 'Terms of Service',
    description:
      'The terms for using Campaign HQ: accounts, membership billing, community rules, donations under federal law, shop purchases, vendors and affiliates.',
  },
  Body: () => (
    <>
      <PageHero
        eyebrow="Account & Policy"
        title="Terms of Service"
        lead={`Effective ${POLICY_EFFECTIVE_DATE}. These terms are the agreement between you and Campaign HQ when you use our website and services.`}
      />
      <Prose>
        <MembershipAndConduct />
        <MoneyAndLegalTerms />
      </Prose>
    </>
  ),
};
