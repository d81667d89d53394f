import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../api/contract/session-user';
import {
  type AccountMenuUser,
  accountMenuItems,
  accountMenuUser,
  displayName,
  profileHref,
} from './account-menu';

const member: SessionUser = {
  id: 1,
  name: 'Jordan Rivera',
  orgname: null,
  role: 'individual',
  vendor: false,
  candidate: false,
  admin: false,
  handle: null,
  profileImage: '/media/avatars/JR-1.svg',
};

const labels = (user: AccountMenuUser, enabled = true) =>
  accountMenuItems(user, enabled).map((i) => (i.kind === 'link' ? `${i.label} ${i.href}` : i.label));

describe('account menu', () => {
  it('gives members the seven standard items', () => {
    expect(labels(accountMenuUser(member))).toEqual([
      'Home /',
      'Profile /myprofile',
      'Search /search',
      'Job Marketplace /jobs',
      'Membership /membership',
      'Settings /settings',
      'Sign Out',
    ]);
  });

  it('gives vendors their storefront as an extra Home and as Profile', () => {
    const vendor = { ...member, vendor: true, handle: 'liberty-print-shop' };
    expect(profileHref(vendor)).toBe('/liberty-print-shop');
    const items = labels(accountMenuUser(vendor));
    expect(items.slice(0, 3)).toEqual(['Home /', 'Home /liberty-print-shop', 'Profile /liberty-print-shop']);
  });

  it('adds Admin Dashboard for admins and Campaign Dashboard for candidates only while the toggle is on', () => {
    expect(labels(accountMenuUser({ ...member, admin: true }))).toContain('Admin Dashboard /admin');
    const candidate = accountMenuUser({ ...member, candidate: true });
    expect(labels(candidate, true)).toContain('Campaign Dashboard /campaign-dashboard');
    expect(labels(candidate, false).join()).not.toContain('Campaign Dashboard');
    expect(labels(accountMenuUser(member), true).join()).not.toContain('Campaign Dashboard');
  });

  it('greets organizations by their organization name', () => {
    expect(
      displayName({ ...member, role: 'organization', name: 'x', orgname: 'Citizens for Clean Water' }),
    ).toBe('Citizens for Clean Water');
    expect(displayName(member)).toBe('Jordan Rivera');
  });
});
