import type { NameFields, RoleFields } from './accounts';

/**
 * How a person is named and addressed. Pure, so the search box island builds the same
 * profile links as the server.
 */

/** Name shown for a person: first plus last name, or the organization's name. */
export function profileName(user: NameFields): string {
  return user.kind === 'organization'
    ? (user.org_name ?? 'Organization')
    : `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim();
}

/** The {name} part of /profile/{name}/{id}: lowercase words joined by hyphens. */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'member';
}

export function profileSlug(user: NameFields): string {
  return slugOf(profileName(user));
}

/** The canonical public profile path, /profile/{name}/{id}. */
export function profilePath(user: NameFields & { id: number }): string {
  return `/profile/${profileSlug(user)}/${user.id}`;
}

/** Numeric role codes of search results (docs/product/rulings.md): 1 individual ... 5 organization. */
export const ROLE_CODES = {
  individual: 1,
  candidate: 2,
  vendor: 3,
  admin: 4,
  organization: 5,
} as const;
export type RoleCode = (typeof ROLE_CODES)[keyof typeof ROLE_CODES];

export const ROLE_LABELS: Record<RoleCode, string> = {
  1: 'Member',
  2: 'Candidate',
  3: 'Vendor',
  4: 'Campaign HQ staff',
  5: 'Organization',
};

/**
 * One code per person, the most public fact first: an organization is 5 whatever its flags;
 * a candidate is 2 even when also a vendor or staff. The SQL twin is ROLE_CODE_SQL in search.ts.
 */
export function roleCodeOf(user: RoleFields): RoleCode {
  if (user.kind === 'organization') return ROLE_CODES.organization;
  if (user.is_candidate) return ROLE_CODES.candidate;
  if (user.is_vendor) return ROLE_CODES.vendor;
  if (user.is_admin) return ROLE_CODES.admin;
  return ROLE_CODES.individual;
}
