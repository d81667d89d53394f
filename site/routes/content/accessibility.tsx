import { PageHero, Prose } from '../../components/PageHero';
import type { StaticPage } from '../../server/page';
import { MailLink, PhoneLink, SUPPORT_EMAIL, SUPPORT_HOURS } from './contact-details';

/** When the statement was last checked against the site; change it when the statement changes. */
const REVIEWED = 'November 29, 2026';

/**
 * The accessibility statement (docs/decisions/0078-wcag-2-2-aa.md): the standard we meet, how we
 * test it, what we know falls short, and how to tell us. Linked from /contact and /privacy-policy,
 * not from the footer, which keeps the specification's sixteen links (docs/product/rulings.md).
 */
export const accessibilityPage: StaticPage = {
  meta: {
    title: 'Accessibility',
    description:
      'Campaign HQ aims to meet WCAG 2.2 level AA: how we test it, the limitations we know of, and how to report a problem.',
  },
  Body: () => (
    <>
      <PageHero
        eyebrow="Account & Policy"
        title="Accessibility statement"
        lead={`Last reviewed ${REVIEWED}. Everyone should be able to follow a campaign, give to it and run one, whatever device, browser or assistive technology they use.`}
      />
      <Prose>
        <section aria-labelledby="a11y-standard">
          <h2 id="a11y-standard">The standard we meet</h2>
          <p>
            Campaign HQ aims to conform to the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA, on
            the public site, members' pages, the donation and checkout forms, and the staff console.
          </p>
        </section>

        <section aria-labelledby="a11y-testing">
          <h2 id="a11y-testing">How we test it</h2>
          <ul>
            <li>
              <strong>Automated checks on every change:</strong> our test suite runs the axe accessibility
              engine against the WCAG 2.2 A and AA rules on the site's pages, forms, dialogs and console
              screens, in a real browser, and a change that adds a violation is not released.
            </li>
            <li>
              <strong>Keyboard:</strong> tests walk the sign-up, donation and checkout forms with the Tab key,
              forwards and backwards, and check that nothing on screen covers the field that has focus.
            </li>
            <li>
              <strong>Screen sizes:</strong> tests open the site at widths from 375 to 1600 pixels and check
              that no page scrolls sideways and that every button and field is at least 24 by 24 pixels.
            </li>
          </ul>
        </section>

        <section aria-labelledby="a11y-limits">
          <h2 id="a11y-limits">Known limitations</h2>
          <ul>
            <li>
              Posts, profiles, job listings and messages are written by members. We check the pages that show
              them, but not every image a member uploads comes with a description.
            </li>
            <li>
              When a campaign takes cards through our payment provider, the card form is the provider's page.
              We test the steps before and after it, not the provider's own form.
            </li>
            <li>
              Automated checks find many problems but not all of them. If something stops you, we want to hear
              about it.
            </li>
          </ul>
        </section>

        <section aria-labelledby="a11y-report">
          <h2 id="a11y-report">Report a problem</h2>
          <p>
            Tell us through the <a href="/contact">help center</a>: choose the topic "Something else", say
            which page you were on and what got in your way. We answer most requests within one business day.
            You can also email <MailLink email={SUPPORT_EMAIL} /> or call <PhoneLink />, {SUPPORT_HOURS}.
          </p>
        </section>
      </Prose>
    </>
  ),
};
