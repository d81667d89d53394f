import { PageHero, Prose } from '../../components/PageHero';
import type { StaticPage } from '../../server/page';
import { MailLink, PhoneLink, PostalAddress, SUPPORT_EMAIL } from './contact-details';

export const aboutPage: StaticPage = {
  meta: {
    title: 'About us',
    description:
      'Campaign HQ is a nonpartisan campaign headquarters helping candidates, activists and organizations find people, raise funds and organize.',
  },
  Body: () => (
    <>
      <PageHero
        eyebrow="About Campaign HQ"
        title="The headquarters every campaign deserves"
        lead="Campaign HQ gives candidates, activists and organizations of every size the tools that used to belong only to the best-funded campaigns."
      />
      <Prose>
        <section aria-labelledby="about-story">
          <h2 id="about-story">Why we built Campaign HQ</h2>
          <p>
            Most campaigns in America are small. A candidate for city council, a county party chair or a
            volunteer running a voter registration drive rarely has a data team, a compliance lawyer or a
            merchandise budget. They juggle spreadsheets, group texts, three different payment apps and a
            print shop two towns over.
          </p>
          <p>
            Campaign HQ brings that work into one place. Founded in Washington, DC in 2025, we build the
            platform we wished we had when we worked on campaigns ourselves: one login for finding supporters,
            talking to them, hiring staff, raising money within the rules and putting a yard sign on every
            lawn that asks for one.
          </p>
        </section>

        <section aria-labelledby="about-offer">
          <h2 id="about-offer">What you can do here</h2>
          <ul>
            <li>
              <strong>Find your people.</strong> <a href="/search">Search members</a> by name, state, party
              and the issues they care about, then follow them or send a message.
            </li>
            <li>
              <strong>Organize your team.</strong> Keep one-to-one conversations in{' '}
              <a href="/messaging">Messaging</a>, get notified when someone follows you or applies to a job,
              and hire through the <a href="/jobs">Job Marketplace</a>.
            </li>
            <li>
              <strong>Fund the campaign.</strong> Candidates accept one-off and monthly donations with federal
              limits enforced and the donor details their compliance reports need.
            </li>
            <li>
              <strong>Show your colors.</strong> Order shirts, caps, buttons and yard signs from our{' '}
              <a href="/merchandise">promotional items shop</a>, printed in union shops and shipped anywhere
              in the United States.
            </li>
            <li>
              <strong>Grow with a plan that fits.</strong> Start free and upgrade to a paid{' '}
              <a href="/membership">membership</a> when you need analytics, mass email and more job postings.
            </li>
          </ul>
        </section>

        <section aria-labelledby="about-who">
          <h2 id="about-who">Who Campaign HQ is for</h2>
          <h3>Political Candidates</h3>
          <p>
            Anyone running for office, from school board to the U.S. Senate. Candidates list the office they
            seek, their state, district and party, and get a public profile and a page where supporters can
            donate.
          </p>
          <h3>Activists &amp; Organizations</h3>
          <p>
            Volunteers, advocacy groups, unions, civic clubs and nonprofits that move issues forward.
            Organizations get an organization profile, post jobs, run get-out-the-vote drives and equip their
            members.
          </p>
          <h3>Vendors</h3>
          <p>
            Printers and makers who sell campaign merchandise through our shop, each with a storefront at its
            own short link.
          </p>
        </section>

        <section aria-labelledby="about-nonpartisan">
          <h2 id="about-nonpartisan">Open to every party</h2>
          <p>
            Campaign HQ is nonpartisan. We do not endorse candidates, we do not rank anyone by our own
            preferences, and our rules apply the same way to every member whatever their politics. Read more
            in our <a href="/vision-and-values">vision and values</a>.
          </p>
        </section>

        <section aria-labelledby="about-contact">
          <h2 id="about-contact">Get in touch</h2>
          <p>
            Questions about your account or an order? Visit the <a href="/contact">Help Center</a>, email{' '}
            <MailLink email={SUPPORT_EMAIL} /> or call <PhoneLink />. Journalists can reach us through our{' '}
            <a href="/press">press page</a>, and we are hiring: see <a href="/career">careers</a>.
          </p>
          <PostalAddress />
        </section>
      </Prose>
    </>
  ),
};
