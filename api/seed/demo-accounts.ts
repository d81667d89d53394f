import type { StaffRole } from '../../db/schema';
import { avatarUrlFor } from '../contract/avatars';
import type { SeedUserRow } from './user-rows';

/** Every demo account signs in with this password (README, "Demo accounts"). */
export const DEMO_PASSWORD = 'democracy-2026';

export const DEMO_EMAIL_DOMAIN = 'demo.campaignhq.test';

/**
 * The columns the seed owns for a demo account: the seed's user row, less what it fills in
 * at seed time (`password_hash`, `updated_at`) and with verification and setup always done.
 */
export type DemoUser = Omit<
  SeedUserRow,
  'password_hash' | 'updated_at' | 'blocked_at' | 'email_verified_at' | 'setup_completed_at'
> & { email_verified_at: string; setup_completed_at: string };

export interface DemoAccount {
  /** How the README describes the account ('Individual member', 'Staff: SUPPORT', ...). */
  kind: string;
  user: DemoUser;
  staff?: { role: StaffRole; department: string; title: string };
}

// Fixed timestamps keep reruns and fresh databases identical; they predate every generated member.
const CREATED_AT = '2024-06-03T15:00:00.000Z';
const VERIFIED_AT = '2024-06-03T15:07:00.000Z';

export type Persona = Partial<Omit<DemoUser, 'email' | 'profile_image'>>;

/** The user row of `local`@demo.campaignhq.test: verified, set up, and whatever `persona` says. */
export function account(local: string, persona: Persona): DemoUser {
  const email = `${local}@${DEMO_EMAIL_DOMAIN}`;
  const kind = persona.kind ?? 'individual';
  const displayName =
    kind === 'organization' ? (persona.org_name ?? '') : `${persona.first_name} ${persona.last_name}`;
  return {
    email,
    kind,
    first_name: null,
    last_name: null,
    org_name: null,
    handle: null,
    is_vendor: false,
    is_candidate: false,
    is_admin: false,
    state: null,
    party: null,
    position: null,
    bio: null,
    candidate_office: null,
    candidate_district: null,
    email_verified_at: VERIFIED_AT,
    // Demo accounts have finished onboarding, so signing in lands where it was asked to.
    setup_completed_at: VERIFIED_AT,
    created_at: CREATED_AT,
    ...persona,
    profile_image: avatarUrlFor(displayName, email, kind),
  };
}

function staff(
  local: string,
  role: StaffRole,
  first: string,
  last: string,
  department: string,
  title: string,
) {
  return {
    kind: role === 'SUPER_ADMIN' ? 'Super admin' : `Staff: ${role}`,
    user: account(local, { first_name: first, last_name: last, is_admin: true }),
    staff: { role, department, title },
  } satisfies DemoAccount;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    kind: 'Individual member',
    user: account('member', {
      first_name: 'Jordan',
      last_name: 'Rivera',
      // Mentionable in posts as @jordan-rivera (docs/decisions/0033-social.md).
      handle: 'jordan-rivera',
      state: 'PA',
      party: 'independent',
      position: 'voting_rights',
      bio: 'Poll worker and weekend canvasser in Pittsburgh. I care about fair elections and good schools.',
    }),
  },
  {
    kind: 'Organization',
    user: account('organization', {
      kind: 'organization',
      org_name: 'Citizens for Clean Water',
      handle: 'clean-water',
      state: 'MI',
      party: 'nonpartisan',
      position: 'environmental_protection',
      bio: 'A volunteer-run coalition in Michigan working for safe drinking water, lead pipe replacement and healthy Great Lakes.',
    }),
  },
  {
    kind: 'Vendor',
    user: account('vendor', {
      first_name: 'Dana',
      last_name: 'Whitfield',
      handle: 'liberty-print-shop',
      is_vendor: true,
      state: 'TX',
      bio: 'Liberty Print Shop: union-printed yard signs, T-shirts and buttons for campaigns of every size since 2008.',
    }),
  },
  {
    kind: 'Candidate',
    user: account('candidate', {
      first_name: 'Marisol',
      last_name: 'Grant',
      handle: 'marisol-grant',
      is_candidate: true,
      candidate_office: 'U.S. House',
      candidate_district: 'OH-03',
      state: 'OH',
      party: 'democratic',
      position: 'healthcare_reform',
      bio: 'Nurse, mother of two and Columbus city council veteran, running for Congress in Ohio’s 3rd District.',
    }),
  },
  staff('admin', 'SUPER_ADMIN', 'Morgan', 'Ellis', 'Operations', 'Platform Administrator'),
  staff('support', 'SUPPORT', 'Priya', 'Natarajan', 'Member Support', 'Support Team Lead'),
  staff('marketing', 'MARKETING', 'Marcus', 'Bell', 'Marketing', 'Marketing Manager'),
  staff('finance', 'FINANCE', 'Elena', 'Vasquez', 'Finance', 'Controller'),
  staff('security', 'SECURITY', 'Samuel', 'Okafor', 'Trust & Safety', 'Security Analyst'),
  staff('analytics', 'ANALYTICS', 'Hannah', 'Kim', 'Data & Analytics', 'Analytics Lead'),
  staff('sales', 'SALES', 'Derek', 'Thompson', 'Partnerships', 'Account Executive'),
];
