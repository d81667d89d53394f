import { PageHero, Prose } from '../../components/PageHero';
import type { StaticPage } from '../../server/page';

const VALUES = [
  {
    id: 'values-nonpartisan',
    title: 'Nonpartisan by design',
    text: 'We build tools, not platforms for one side. Campaign HQ does not endorse candidates, donate to campaigns or take positions on ballot questions. Features, prices and rules are the same for every member.',
  },
  {
    id: 'values-open',
    title: 'Open to all parties',
    text: 'Democrats, Republicans, Libertarians, Greens, independents and nonpartisan races are all welcome. Search, rankings and recommendations never favor a party, and our staff enforce the community guidelines without regard to the politics involved.',
  },
  {
    id: 'values-transparency',
    title: 'Transparency',
    text: 'Our prices and membership tiers are published. Candidate rankings are based on stated measures: supporters, donations and endorsements. Donations follow federal limits that we explain in plain language, and staff actions are recorded in an audit log.',
  },
  {
    id: 'values-privacy',
    title: 'Privacy',
    text: 'Political views are personal. Members decide who sees each detail of their profile, our analytics are first-party and honor Do Not Track, and we never sell personal data.',
  },
  {
    id: 'values-accessibility',
    title: 'Accessibility',
    text: 'Democracy includes everyone, so our site does too. We design for keyboards and screen readers, readable contrast and small screens, and we test every page against accessibility standards.',
  },
];

export const visionAndValuesPage: StaticPage = {
  meta: {
    title: 'Vision and values',
    description:
      'Our mission and values: a nonpartisan campaign platform open to all parties, built on transparency, privacy and accessibility for every citizen.',
  },
  Body: () => (
    <>
      <PageHero
        eyebrow="Vision and values"
        title="Every campaign deserves a fair start"
        lead="We believe democracy works better when anyone with something to offer can run, organize and be heard, whatever their party or budget."
      />
      <Prose>
        <section aria-labelledby="vision-mission">
          <h2 id="vision-mission">Our mission</h2>
          <p>
            Campaign HQ exists to lower the cost of taking part in politics. We give first-time candidates,
            volunteer organizers and small organizations the same kind of headquarters that large campaigns
            build with big budgets: a way to find supporters, talk with them, hire help, raise money lawfully
            and show up in public.
          </p>
        </section>

        <section aria-labelledby="vision-vision">
          <h2 id="vision-vision">Our vision</h2>
          <p>
            A country where more races are contested, more people volunteer, and every voter can learn who is
            running and what they stand for. We measure success by the number of people who take part, not by
            who wins.
          </p>
        </section>

        <section aria-labelledby="vision-values">
          <h2 id="vision-values">What we value</h2>
          {VALUES.map((value) => (
            <section key={value.id} aria-labelledby={value.id}>
              <h3 id={value.id}>{value.title}</h3>
              <p>{value.text}</p>
            </section>
          ))}
        </section>

        <section aria-labelledby="vision-practice">
          <h2 id="vision-practice">Values in practice</h2>
          <ul>
            <li>
              Everyone starts on a <a href="/membership">free plan</a>, and paid plans are priced for local
              campaigns.
            </li>
            <li>
              Our merchandise is printed in union shops and backed by a{' '}
              <a href="/quality-assurance">quality guarantee</a>.
            </li>
            <li>
              Our <a href="/privacy-policy">Privacy Policy</a> is written to be read, not just accepted.
            </li>
            <li>
              We listen: <a href="/feedback">tell us</a> where we fall short of these values.
            </li>
          </ul>
        </section>
      </Prose>
    </>
  ),
};
