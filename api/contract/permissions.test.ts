import { describe, expect, it } from 'vitest';
import { PERMISSIONS, permissionsFor, STAFF_ROLES } from './permissions';

/**
 * docs/product/spec.md §6's 26 permission names; docs/product/rulings.md, "Added 2026-11-23", adds
 * permissions beyond them (docs/decisions/0023-campaign-dashboard-and-refunds.md).
 */
const SPEC_26 = [
  'VIEW_DASHBOARD',
  'VIEW_ANALYTICS',
  'VIEW_USER_LOCATION',
  'VIEW_PAGE_VIEWS',
  'VIEW_ANALYTICS_HEATMAP',
  'VIEW_ALL_USERS',
  'VIEW_FREE_USERS',
  'VIEW_PAID_USERS',
  'VIEW_ORGANIZATIONS',
  'VIEW_EMPLOYEES',
  'MANAGE_EMPLOYEES',
  'REGISTER_EMPLOYEES',
  'VIEW_CAMPAIGN_DONATIONS',
  'EMAIL_CAMPAIGN_DONATIONS',
  'VIEW_MERCHANDISE_REVENUE',
  'VIEW_SUBSCRIPTION_REVENUE',
  'VIEW_PARTNER_REVENUE',
  'VIEW_AFFILIATES',
  'VIEW_COUPONS',
  'VIEW_SUSPICIOUS_ACTIVITY',
  'VIEW_RED_FLAGS',
  'VIEW_AUDIT_LOGS',
  'MANAGE_PERMISSIONS',
  'MANAGE_FEATURES',
  'RUN_TESTS',
  'VIEW_TESTS',
];

describe('the permission matrix', () => {
  it("keeps docs/product/spec.md's 26 and adds only the deliberate extras", () => {
    expect(PERMISSIONS.filter((p) => SPEC_26.includes(p))).toEqual(SPEC_26);
    expect(PERMISSIONS.filter((p) => !SPEC_26.includes(p))).toEqual([
      'REFUND_DONATIONS',
      'SETTLE_PAYOUTS',
      'MANAGE_SUPPORT_TICKETS',
    ]);
  });

  it('grants REFUND_DONATIONS to FINANCE and SUPER_ADMIN only', () => {
    const holders = STAFF_ROLES.filter((role) => permissionsFor(role).includes('REFUND_DONATIONS'));
    expect(holders).toEqual(['SUPER_ADMIN', 'FINANCE']);
  });

  it('grants MANAGE_SUPPORT_TICKETS to SUPPORT and SUPER_ADMIN only', () => {
    const holders = STAFF_ROLES.filter((role) => permissionsFor(role).includes('MANAGE_SUPPORT_TICKETS'));
    expect(holders).toEqual(['SUPER_ADMIN', 'SUPPORT']);
  });

  it('grants SETTLE_PAYOUTS to FINANCE and SUPER_ADMIN only', () => {
    const holders = STAFF_ROLES.filter((role) => permissionsFor(role).includes('SETTLE_PAYOUTS'));
    expect(holders).toEqual(['SUPER_ADMIN', 'FINANCE']);
  });
});
