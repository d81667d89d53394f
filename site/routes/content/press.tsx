import { PageHero, Prose } from '../../components/PageHero';
import { ScrollingTable } from '../../components/ScrollingTable';
import type { StaticPage } from '../../server/page';
import { MailLink, PhoneLink, PostalAddress, PRESS_EMAIL } from './contact-details';

const FACTS = [
  { label: 'Name', value: 'Campaign HQ (two words, "HQ" in capitals)' },
  { label: 'Founded', value: '2025' },
  { label: 'Headquarters', value: 'Washington, DC' },
  { label: 'What it is', value: 'A nonpartisan campaign headquarters and political campaign manager' },
  {
    label: 'Who uses it',
    value: 'Political candidates, activists, advocacy organizations, and vendors of campaign merchandise',
  },
  {
    label: 'Services',
    value:
      'People search, messaging, notifications, a job marketplace, membership, donations and a merchandise shop',
  },
];

export const pressPage: StaticPage = {
  meta: {
    title: 'Press',
    description:
      'Press resources for Campaign HQ: company boilerplate, key facts, brand guidelines, logo requests and how journalists can reach our media team.',
  },
  Body: () => (
    <>
      <PageHero
        eyebrow="Newsroom"
        title="Press"
        lead="Covering campaigns, civic technology or small-dollar politics? Here is what you need to write about Campaign HQ."
      />
      <Prose>
        <section aria-labelledby="press-contact">
          <h2 id="press-contact">Media contact</h2>
          <p>
            Email <MailLink email={PRESS_EMAIL} /> with your outlet, topic and deadline. We respond to press
            inquiries within one business day, and the same day when you are on deadline. For urgent requests,
            call <PhoneLink /> and ask for the communications team.
          </p>
        </section>

        <section aria-labelledby="press-boilerplate">
          <h2 id="press-boilerplate">Boilerplate</h2>
          <blockquote>
            <p>
              Campaign HQ is the campaign headquarters for political candidates, activists and organizations.
              From a single account, members find supporters and allies, message them, hire campaign staff,
              accept donations within federal contribution limits and order union-printed campaign merchandise
              shipped anywhere in the United States. Campaign HQ is nonpartisan and open to candidates of
              every party. Founded in 2025, the company is based in Washington, DC. Learn more at
              campaignhq.org.
            </p>
          </blockquote>
        </section>

        <section aria-labelledby="press-facts">
          <h2 id="press-facts">Fact sheet</h2>
          <ScrollingTable caption="Campaign HQ at a glance" className="content-table">
            <tbody>
              {FACTS.map((fact) => (
                <tr key={fact.label}>
                  <th scope="row">{fact.label}</th>
                  <td>{fact.value}</td>
                </tr>
              ))}
            </tbody>
          </ScrollingTable>
        </section>

        <section aria-labelledby="press-kit">
          <h2 id="press-kit">Press kit</h2>
          <p>
            Our press kit includes the Campaign HQ logo in light and dark versions (SVG and PNG), product
            screenshots, and photos of our team. Email <MailLink email={PRESS_EMAIL} /> and we will send it
            the same day.
          </p>
          <h3>Using our name and logo</h3>
          <ul>
            <li>
              Write &ldquo;Campaign HQ&rdquo;, not &ldquo;CampaignHQ&rdquo; or &ldquo;Campaign H.Q.&rdquo;
            </li>
            <li>
              Use the light logo on dark backgrounds and the dark logo on light ones; do not recolor or
              stretch it.
            </li>
            <li>
              Do not use our logo in a way that suggests Campaign HQ endorses a candidate, party or cause. We
              do not endorse anyone.
            </li>
          </ul>
        </section>

        <section aria-labelledby="press-topics">
          <h2 id="press-topics">Topics we can speak to</h2>
          <ul>
            <li>How first-time and local candidates organize and raise money.</li>
            <li>Federal contribution limits and how platforms enforce them.</li>
            <li>Privacy and data protection for politically active people.</li>
            <li>Accessibility in civic technology.</li>
          </ul>
          <p>
            Our spokespeople do not comment on individual candidates or members, and we do not share member
            data with reporters. For background on who we are, see <a href="/about">About us</a> and{' '}
            <a href="/vision-and-values">our vision and values</a>.
          </p>
        </section>

        <section aria-labelledby="press-mail">
          <h2 id="press-mail">Mailing address</h2>
          <PostalAddress />
        </section>
      </Prose>
    </>
  ),
};
