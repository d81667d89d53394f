import type { Db } from '../../db/client';
import type { JobPayUnit } from '../../db/schema';
import { DEMO_EMAIL_DOMAIN } from './demo-accounts';
import { MEMBER_EMAIL_DOMAIN } from './members';

/**
 * The Job Marketplace's demo board (docs/decisions/0028-job-board.md): postings by the demo organization,
 * candidate and vendor (each within their allowance of open postings, older ones closed) and one
 * open posting by each of the first generated organizations and candidates, across states, job
 * types and employments, paid and volunteer; and the demo member's applications at every status.
 * Dates are days from the day the seed first runs; reruns insert nothing.
 */
const DAY_MS = 86_400_000;

interface Template {
  title: string;
  jobtype: string;
  employment: string;
  skills: string[];
  pay: [number, number, JobPayUnit] | null;
  position?: string;
  remote?: boolean;
  description: string;
}

/**
 * The templates as written below: title, jobtype, employment, skills, pay as [min, max, unit] in
 * dollars (null for volunteers), description, then what only some have (position, remote).
 */
type TemplateRow = [
  title: string,
  jobtype: string,
  employment: string,
  skills: string[],
  pay: Template['pay'],
  description: string,
  extra?: Pick<Template, 'position' | 'remote'>,
];

const TEMPLATE_ROWS: TemplateRow[] = [
  [
    'Field Organizer',
    'field_organizer',
    'full_time',
    ['canvassing', 'volunteer_recruitment', 'phone_banking'],
    [48_000, 56_000, 'YEAR'],
    'Recruit, train and lead volunteers across your turf. Run canvass launches, phone banks and relational organizing events, and report your numbers every night.\n\nYou will work evenings and weekends through Election Day.',
  ],
  [
    'Digital Organizer',
    'digital_strategist',
    'full_time',
    ['social_media_management', 'digital_advertising', 'copywriting'],
    [52_000, 62_000, 'YEAR'],
    'Plan and run our email, SMS and social programs. Write copy that moves people to act, test it, and grow our list of supporters and small-dollar donors.',
    { remote: true },
  ],
  [
    'Data Analyst',
    'data_analyst',
    'contract',
    ['data_analysis', 'voter_file_management_van', 'polling_and_survey_design'],
    [35, 50, 'HOUR'],
    'Build turnout models and daily dashboards from the voter file and our field data. Help the field team target the right doors at the right time.',
    { remote: true },
  ],
  [
    'Volunteer Canvasser',
    'volunteer_coordinator',
    'volunteer',
    ['canvassing', 'public_speaking'],
    null,
    'Knock doors with us on Saturday mornings. We train every new volunteer, pair you with an experienced canvasser and provide water and snacks.',
    { position: 'voting_rights' },
  ],
  [
    'Finance Director',
    'finance_director',
    'full_time',
    ['fundraising', 'campaign_finance_compliance', 'event_planning'],
    [75_000, 95_000, 'YEAR'],
    'Own the fundraising plan: call time, events and major donors. Keep every dollar compliant with FEC rules and report to the campaign manager weekly.',
  ],
  [
    'Communications Intern',
    'press_secretary',
    'internship',
    ['media_relations', 'copywriting', 'photography'],
    [16, 18, 'HOUR'],
    'Help the communications team draft press releases, build media lists, track coverage and capture photos and video at events.',
  ],
  [
    'Graphic Designer',
    'graphic_designer',
    'freelance',
    ['graphic_design', 'video_production'],
    [40, 65, 'HOUR'],
    'Design yard signs, mailers, social graphics and short videos that look good and print right, on tight deadlines.',
    { remote: true },
  ],
  [
    'Policy Research Fellow',
    'policy_advisor',
    'fellowship',
    ['policy_research', 'copywriting'],
    [30_000, 36_000, 'YEAR'],
    'Research water, energy and environmental policy, write short briefs for the candidate and prepare answers for questionnaires and debates.',
    { position: 'environmental_protection' },
  ],
  [
    'Phone Bank Volunteer',
    'volunteer_coordinator',
    'volunteer',
    ['phone_banking'],
    null,
    'Call voters from home on weeknight evenings. A short training gets you started; scripts and a calling tool are provided.',
    { remote: true },
  ],
  [
    'Scheduler',
    'scheduler',
    'part_time',
    ['event_planning'],
    [22, 28, 'HOUR'],
    "Keep the candidate's calendar: events, call time, travel and briefings, and make sure every stop is confirmed and staffed.",
  ],
];

const TEMPLATES: Template[] = TEMPLATE_ROWS.map(
  ([title, jobtype, employment, skills, pay, description, extra]) => ({
    title,
    jobtype,
    employment,
    skills,
    pay,
    description,
    ...extra,
  }),
);

const STATES = ['MI', 'OH', 'PA', 'TX', 'AZ', 'GA', 'WI', 'NV', 'NC', 'CA', 'NY', 'FL'];

interface Plan {
  employerId: number;
  organization: string;
  state: string;
  open: boolean;
}

async function userByEmail(db: Db, email: string) {
  return db.selectFrom('users').select(['id', 'state']).where('email', '=', email).executeTakeFirst();
}

async function generatedEmployers(db: Db, count: number) {
  return db
    .selectFrom('users')
    .select(['id', 'state', 'kind', 'org_name', 'first_name', 'last_name'])
    .where('email', 'like', `%@${MEMBER_EMAIL_DOMAIN}`)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('kind', '=', 'organization'), eb('is_candidate', '=', true)]))
    .orderBy('email')
    .limit(count)
    .execute();
}

/**
 * The demo accounts' postings: how many, how many of them open, and in which state the i-th is.
 * The demo organization is on Organizer (5 open postings): 3 open leaves room to post two more.
 * The candidate and the vendor are Free (1 open): theirs is open, so they must close it to post.
 */
const DEMO_EMPLOYERS: {
  account: string;
  organization: string;
  postings: number;
  open: number;
  state: (i: number) => string;
}[] = [
  {
    account: 'organization',
    organization: 'Citizens for Clean Water',
    postings: 8,
    open: 3,
    state: (i) => (i % 3 === 0 ? 'MI' : STATES[i % STATES.length]!),
  },
  {
    account: 'candidate',
    organization: 'Marisol Grant for Congress',
    postings: 3,
    open: 1,
    state: () => 'OH',
  },
  { account: 'vendor', organization: 'Liberty Print Shop', postings: 3, open: 1, state: () => 'TX' },
];

/** Who posts what: the demo accounts up to their allowance open (the rest closed), then generated ones. */
async function plans(db: Db): Promise<Plan[]> {
  const list: Plan[] = [];
  for (const employer of DEMO_EMPLOYERS) {
    const user = await userByEmail(db, `${employer.account}@${DEMO_EMAIL_DOMAIN}`);
    if (!user) continue;
    for (let i = 0; i < employer.postings; i++)
      list.push({
        employerId: user.id,
        organization: employer.organization,
        state: employer.state(i),
        open: i < employer.open,
      });
  }
  for (const [i, u] of (await generatedEmployers(db, 24)).entries()) {
    const name =
      u.kind === 'organization' && u.org_name
        ? u.org_name
        : `${u.first_name ?? ''} ${u.last_name ?? ''} for Office`.trim();
    list.push({
      employerId: u.id,
      organization: name,
      state: u.state ?? STATES[i % STATES.length]!,
      open: true,
    });
  }
  return list;
}

/** Seeds the board once; answers how many postings it inserted. */
export async function seedDemoJobs(db: Db, now = new Date()): Promise<number> {
  const any = await db.selectFrom('job_postings').select('id').limit(1).executeTakeFirst();
  if (any) return 0;
  const day = (offset: number) => new Date(now.getTime() + offset * DAY_MS);
  const rows = (await plans(db)).map((plan, i) => {
    const template = TEMPLATES[i % TEMPLATES.length]!;
    const postedDaysAgo = plan.open ? 1 + ((i * 3) % 25) : 40 + i;
    return {
      employer_id: plan.employerId,
      title: template.title,
      organization: plan.organization,
      state: plan.state,
      remote: template.remote ?? false,
      jobtype: template.jobtype,
      employment: template.employment,
      position: template.position ?? null,
      skills: template.skills,
      pay_min_cents: template.pay ? template.pay[0] * 100 : null,
      pay_max_cents: template.pay ? template.pay[1] * 100 : null,
      pay_unit: template.pay ? template.pay[2] : ('YEAR' as const),
      description: template.description,
      closes_on: day(plan.open ? 14 + ((i * 5) % 45) : -(postedDaysAgo - 30))
        .toISOString()
        .slice(0, 10),
      status: plan.open ? ('open' as const) : ('closed' as const),
      closed_at: plan.open ? null : day(-(postedDaysAgo - 30)),
      created_at: day(-postedDaysAgo),
      updated_at: day(-postedDaysAgo),
    };
  });
  if (rows.length === 0) return 0;
  const inserted = await db
    .insertInto('job_postings')
    .values(rows)
    .returning(['id', 'status', 'employer_id'])
    .execute();
  await seedDemoApplications(db, inserted, day);
  return inserted.length;
}

const COVER_NOTES = [
  'I have canvassed every weekend for two cycles and trained new volunteers in Allegheny County. I would love to bring that to your team.',
  'I served as a poll worker and ran phone banks for a school board race. I am organized, reliable and available evenings and weekends.',
  'Data and field both matter to me: I built the volunteer tracking sheet for my local party and would be glad to help here.',
  'I am a strong writer and a patient listener, and I care deeply about fair elections.',
];

/** The demo member's applications: one at each status, so "My applications" shows them all. */
async function seedDemoApplications(
  db: Db,
  postings: { id: number; status: string; employer_id: number }[],
  day: (offset: number) => Date,
) {
  const member = await userByEmail(db, `member@${DEMO_EMAIL_DOMAIN}`);
  if (!member) return;
  const open = postings.filter((p) => p.status === 'open' && p.employer_id !== member.id);
  const closed = postings.find((p) => p.status === 'closed');
  const picks: { id: number; status: 'submitted' | 'viewed' | 'shortlisted' | 'rejected' | 'hired' }[] = [
    ...(['submitted', 'viewed', 'shortlisted'] as const).flatMap((status, i) =>
      open[i] ? [{ id: open[i]!.id, status }] : [],
    ),
    ...(closed ? [{ id: closed.id, status: 'rejected' as const }] : []),
  ];
  if (picks.length === 0) return;
  await db
    .insertInto('job_applications')
    .values(
      picks.map((p, i) => ({
        job_id: p.id,
        applicant_id: member.id,
        cover_note: COVER_NOTES[i % COVER_NOTES.length]!,
        status: p.status,
        created_at: day(-(i + 1)),
        updated_at: day(-i),
      })),
    )
    .execute();
}
