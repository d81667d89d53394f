import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import { hashPassword } from '../../api/auth/passwords';
import type { JobPostingInput } from '../../api/modules/job-board/schema';
import type { Db } from '../../db/client';
import type { JobPostingsTable } from '../../db/schema';
import { signedIn } from './staff';
import type { TestApp, TestBrowser } from './test-app';

const PASSWORD = 'a job board test passphrase';
const DAY_MS = 86_400_000;

/** A day `days` from today (UTC), as the form's date field sends it. */
export const dayFromToday = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/** A complete, valid posting; override what a test is about. */
export function aPosting(overrides: Partial<JobPostingInput> = {}): JobPostingInput {
  return {
    title: 'Field Organizer, Western Pennsylvania',
    organization: 'Citizens for Testing',
    state: 'PA',
    remote: false,
    jobtype: 'field_organizer',
    employment: 'full_time',
    position: null,
    skills: ['canvassing'],
    payMin: 45_000,
    payMax: 55_000,
    payUnit: 'YEAR',
    description: 'Recruit and train volunteers, run canvass launches and phone banks across the region.',
    closesOn: dayFromToday(30),
    ...overrides,
  };
}

export type EmployerKind = 'organization' | 'candidate' | 'vendor' | 'individual';

/** A member who can sign in; organizations, candidates and vendors may post jobs, individuals not. */
export async function aJobBoardMember(db: Db, kind: EmployerKind = 'individual') {
  const tag = randomBytes(4).toString('hex');
  const user = await db
    .insertInto('users')
    .values({
      email: `${kind}-${tag}@example.test`,
      kind: kind === 'organization' ? 'organization' : 'individual',
      first_name: kind === 'organization' ? null : 'Robin',
      last_name: kind === 'organization' ? null : `Tester${tag}`,
      org_name: kind === 'organization' ? `Org ${tag}` : null,
      handle: kind === 'vendor' || kind === 'candidate' ? `${kind}-${tag}` : null,
      is_candidate: kind === 'candidate',
      is_vendor: kind === 'vendor',
      state: 'PA',
      password_hash: await hashPassword(PASSWORD),
      email_verified_at: new Date(),
    })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
  return user;
}

/** A signed-in browser for a member made by aJobBoardMember. */
export function browserOf(t: TestApp, member: { email: string }): Promise<TestBrowser> {
  return signedIn(t, member.email, PASSWORD);
}

/** A posting written directly (for search and expiry tests), `createdDaysAgo` in the past. */
export async function insertPosting(
  db: Db,
  employerId: number,
  overrides: Partial<Omit<Insertable<JobPostingsTable>, 'employer_id'>> & { createdDaysAgo?: number } = {},
) {
  const { createdDaysAgo = 0, ...columns } = overrides;
  const base = aPosting();
  const row = await db
    .insertInto('job_postings')
    .values({
      employer_id: employerId,
      title: base.title,
      organization: base.organization,
      state: base.state,
      remote: false,
      jobtype: base.jobtype,
      employment: base.employment,
      position: null,
      skills: base.skills,
      pay_min_cents: 4_500_000,
      pay_max_cents: 5_500_000,
      pay_unit: 'YEAR',
      description: base.description,
      closes_on: base.closesOn,
      ...columns,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (createdDaysAgo) {
    // created_at is not writable through the table type (CreatedAt): a test back-dates it in SQL.
    const at = new Date(Date.now() - createdDaysAgo * DAY_MS);
    await sql`UPDATE job_postings SET created_at = ${at}, updated_at = ${at} WHERE id = ${row.id}`.execute(
      db,
    );
  }
  return row.id;
}
