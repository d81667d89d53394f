import { PageHero, Prose } from '../../components/PageHero';
import type { StaticPage } from '../../server/page';
import { CAREERS_EMAIL, MailLink } from './contact-details';

const ROLES = [
  {
    id: 'role-engineer',
    title: 'Senior Full-Stack Engineer',
    team: 'Engineering',
    location: 'Washington, DC (hybrid) or remote in the US',
    pay: '$150,000–$185,000',
    summary:
      'Build the server-rendered pages, typed APIs and background workers behind messaging, donations and the shop, in TypeScript with Hono, React and Postgres.',
  },
  {
    id: 'role-designer',
    title: 'Product Designer, Accessibility',
    team: 'Design',
    location: 'Remote in the US',
    pay: '$125,000–$150,000',
    summary:
      'Design flows that work for every voter, with keyboards, screen readers and slow phones in mind, and own our accessibility review process.',
  },
  {
    id: 'role-compliance',
    title: 'Campaign Finance Compliance Analyst',
    team: 'Operations',
    location: 'Washington, DC (hybrid)',
    pay: '$85,000–$105,000',
    summary:
      'Keep our donation tools in line with FEC rules, review contribution limit edge cases and help candidates prepare their compliance exports.',
  },
  {
    id: 'role-success',
    title: 'Campaign Success Manager',
    team: 'Customer Success',
    location: 'Remote in the US',
    pay: '$70,000–$85,000 plus bonus',
    summary:
      'Guide candidates and organizations through setup, membership and their first fundraising drive. Campaign experience from any party welcome.',
  },
  {
    id: 'role-trust',
    title: 'Trust & Safety Specialist',
    team: 'Security',
    location: 'Washington, DC (hybrid)',
    pay: '$75,000–$90,000',
    summary:
      'Review reported profiles, messages and posts, investigate suspicious activity and apply our community guidelines evenly across the political spectrum.',
  },
];

export const careerPage: StaticPage = {
  meta: {
    title: 'Careers',
    description:
      'Work at Campaign HQ: open roles in engineering, design, compliance, customer success and trust and safety, in Washington, DC or remote in the US.',
  },
  Body: () => (
    <>
      <PageHero
        eyebrow="Careers"
        title="Help every campaign run better"
        lead="We are a small team in Washington, DC and across the country, building the tools we wished we had on the trail."
      />
      <Prose>
        <section aria-labelledby="career-why">
          <h2 id="career-why">Why work with us</h2>
          <p>
            Our work reaches candidates for city council and Congress, volunteers registering voters and
            organizations of every political stripe. We hire people from different parties and backgrounds,
            and we keep our politics out of the product: what unites us is a belief that more people should be
            able to take part.
          </p>
        </section>

        <section aria-labelledby="career-roles">
          <h2 id="career-roles">Open roles</h2>
          {ROLES.map((role) => (
            <section key={role.id} aria-labelledby={role.id}>
              <h3 id={role.id}>{role.title}</h3>
              <p>{role.summary}</p>
              <ul>
                <li>Team: {role.team}</li>
                <li>Location: {role.location}</li>
                <li>Salary range: {role.pay}</li>
              </ul>
            </section>
          ))}
        </section>

        <section aria-labelledby="career-benefits">
          <h2 id="career-benefits">Benefits</h2>
          <ul>
            <li>
              Medical, dental and vision coverage, with premiums fully paid for employees and 80% for
              dependents.
            </li>
            <li>401(k) with a 4% match, vested immediately.</li>
            <li>
              Four weeks of paid vacation, federal holidays off, and paid time off to vote and to serve as a
              poll worker.
            </li>
            <li>16 weeks of paid parental leave for every new parent.</li>
            <li>A $1,000 home office and learning budget each year.</li>
          </ul>
        </section>

        <section aria-labelledby="career-apply">
          <h2 id="career-apply">How to apply</h2>
          <p>
            Email <MailLink email={CAREERS_EMAIL} /> with the role title in the subject line, your resume and
            a few sentences on why the role interests you. We reply to every applicant within two weeks. Our
            process is a 30-minute call, a practical exercise based on real work (paid for any task longer
            than two hours), and a conversation with the team.
          </p>
          <p>
            Campaign HQ is an equal opportunity employer. We do not discriminate on the basis of race, color,
            religion, sex, sexual orientation, gender identity, national origin, age, disability, veteran
            status or political affiliation. If you need an accommodation during the process, tell us in your
            email.
          </p>
          <p>
            Looking for a job on a campaign rather than at Campaign HQ? Browse the{' '}
            <a href="/jobs">Job Marketplace</a>.
          </p>
        </section>
      </Prose>
    </>
  ),
};
