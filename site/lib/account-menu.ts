import type { SessionUser } from '../../api/contract/session-user';

/**
 * What the header needs to know about the signed-in user, as JSON for the avatar menu island,
 * and the menu's items (docs/product/spec.md §2, "Avatar menu").
 */
export interface AccountMenuUser {
  name: string;
  profileImage: string | null;
  /** The vendor's storefront handle (`/{handle}`); null for everyone else. */
  vendorHandle: string | null;
  admin: boolean;
  candidate: boolean;
}

export type AccountMenuItem =
  | { kind: 'link'; label: string; href: string }
  | { kind: 'sign-out'; label: string };

/** The greeting's name: organization accounts show the organization name (docs/product/spec.md §6). */
export function displayName(user: SessionUser): string {
  return user.role === 'organization' ? (user.orgname ?? user.name) : user.name;
}

/** Vendors' own page is their storefront; everyone else's is /myprofile. */
export function profileHref(user: Pick<SessionUser, 'vendor' | 'handle'>): string {
  return user.vendor && user.handle ? `/${user.handle}` : '/myprofile';
}

export function accountMenuUser(user: SessionUser): AccountMenuUser {
  return {
    name: displayName(user),
    profileImage: user.profileImage,
    vendorHandle: user.vendor && user.handle ? user.handle : null,
    admin: user.admin,
    candidate: user.candidate,
  };
}

/**
 * Home, Profile, Search, Job Marketplace, Membership, Settings, Sign Out; vendors get an extra
 * Home (their storefront), admins the Admin Dashboard, and candidates the Campaign Dashboard
 * while the campaign-donations toggle is on.
 */
export function accountMenuItems(
  user: AccountMenuUser,
  campaignDonationsEnabled: boolean,
): AccountMenuItem[] {
  const storefront = user.vendorHandle ? `/${user.vendorHandle}` : null;
  const items: AccountMenuItem[] = [{ kind: 'link', label: 'Home', href: '/' }];
  if (storefront) items.push({ kind: 'link', label: 'Home', href: storefront });
  items.push(
    { kind: 'link', label: 'Profile', href: storefront ?? '/myprofile' },
    { kind: 'link', label: 'Search', href: '/search' },
    { kind: 'link', label: 'Job Marketplace', href: '/jobs' },
    { kind: 'link', label: 'Membership', href: '/membership' },
    { kind: 'link', label: 'Settings', href: '/settings' },
  );
  if (user.admin) items.push({ kind: 'link', label: 'Admin Dashboard', href: '/admin' });
  if (user.candidate && campaignDonationsEnabled) {
    items.push({ kind: 'link', label: 'Campaign Dashboard', href: '/campaign-dashboard' });
  }
  items.push({ kind: 'sign-out', label: 'Sign Out' });
  return items;
}
