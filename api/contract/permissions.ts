/**
 * The permission matrix, as data (docs/product/rulings.md, "Staff and the permission matrix").
 * The API checks it in middleware; the console imports this same file to hide what a
 * user may not see. Change a grant here and both follow.
 */
export const PERMISSIONS = [
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
  // Beyond docs/product/spec.md's 26 (§6; docs/product/rulings.md, "Added 2026-11-23"): moving money back needs
  // more than seeing it (docs/decisions/0023-campaign-dashboard-and-refunds.md).
  'REFUND_DONATIONS',
  'VIEW_MERCHANDISE_REVENUE',
  'VIEW_SUBSCRIPTION_REVENUE',
  'VIEW_PARTNER_REVENUE',
  'VIEW_AFFILIATES',
  // Beyond docs/product/spec.md's 26 (§6; docs/product/rulings.md, "Added 2026-11-23"): paying affiliates what
  // they are owed needs more than seeing the figures (docs/decisions/0031-affiliates-and-partner-revenue.md).
  'SETTLE_PAYOUTS',
  'VIEW_COUPONS',
  'VIEW_SUSPICIOUS_ACTIVITY',
  'VIEW_RED_FLAGS',
  // Beyond docs/product/spec.md's 26 (§6; docs/product/rulings.md, "Added 2026-11-24"): members' support requests
  // hold their orders, gifts and words; answering them is SUPPORT's work (docs/decisions/0029-help-center-and-support-tickets.md).
  'MANAGE_SUPPORT_TICKETS',
  'VIEW_AUDIT_LOGS',
  'MANAGE_PERMISSIONS',
  'MANAGE_FEATURES',
  'RUN_TESTS',
  'VIEW_TESTS',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const STAFF_ROLES = [
  'SUPER_ADMIN',
  'SUPPORT',
  'MARKETING',
  'FINANCE',
  'SECURITY',
  'ANALYTICS',
  'SALES',
] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  SUPER_ADMIN: PERMISSIONS,
  SUPPORT: [
    'VIEW_DASHBOARD',
    'VIEW_ALL_USERS',
    'VIEW_FREE_USERS',
    'VIEW_PAID_USERS',
    'VIEW_ORGANIZATIONS',
    'VIEW_RED_FLAGS',
    'MANAGE_SUPPORT_TICKETS',
    'VIEW_USER_LOCATION',
  ],
  MARKETING: [
    'VIEW_DASHBOARD',
    'VIEW_ANALYTICS',
    'VIEW_PAGE_VIEWS',
    'VIEW_ANALYTICS_HEATMAP',
    'VIEW_CAMPAIGN_DONATIONS',
    'EMAIL_CAMPAIGN_DONATIONS',
    'VIEW_AFFILIATES',
    'VIEW_COUPONS',
    'VIEW_USER_LOCATION',
  ],
  FINANCE: [
    'VIEW_DASHBOARD',
    'VIEW_CAMPAIGN_DONATIONS',
    'REFUND_DONATIONS',
    'VIEW_MERCHANDISE_REVENUE',
    'VIEW_SUBSCRIPTION_REVENUE',
    'VIEW_PARTNER_REVENUE',
    'VIEW_PAID_USERS',
    'VIEW_COUPONS',
    'VIEW_AFFILIATES',
    'SETTLE_PAYOUTS',
  ],
  SECURITY: [
    'VIEW_DASHBOARD',
    'VIEW_SUSPICIOUS_ACTIVITY',
    'VIEW_RED_FLAGS',
    'VIEW_AUDIT_LOGS',
    'VIEW_ALL_USERS',
    'VIEW_EMPLOYEES',
  ],
  ANALYTICS: [
    'VIEW_DASHBOARD',
    'VIEW_ANALYTICS',
    'VIEW_PAGE_VIEWS',
    'VIEW_ANALYTICS_HEATMAP',
    'VIEW_USER_LOCATION',
  ],
  SALES: [
    'VIEW_DASHBOARD',
    'VIEW_MERCHANDISE_REVENUE',
    'VIEW_PARTNER_REVENUE',
    'VIEW_AFFILIATES',
    'VIEW_COUPONS',
    'VIEW_PAID_USERS',
  ],
};

/** The role's grants plus the employee's extra grants, deduplicated, in matrix order. */
export function permissionsFor(role: StaffRole, extra: readonly string[] = []): Permission[] {
  const granted = new Set<string>([...ROLE_PERMISSIONS[role], ...extra]);
  return PERMISSIONS.filter((p) => granted.has(p));
}

/** 'VIEW_ANALYTICS_HEATMAP' → 'View Analytics Heatmap', for the Access Denied text. */
export function permissionDisplayName(permission: Permission): string {
  return permission
    .toLowerCase()
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
