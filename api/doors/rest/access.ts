import type { Permission } from '../../contract/permissions';
import type { PermissionRequirement } from '../../modules/staff/access';

/**
 * Who may call what under /api/admin/rest: the whole REST surface and its guards in one table
 * (docs/architecture.md, "The permission matrix is data"). The router registers a handler only for
 * an action listed here and checks the requirement in middleware before any handler runs;
 * tests/integration/console/permission-matrix.test.ts walks every row for every principal.
 *
 * Actions follow ra-data-simple-rest: list = GET /r, getOne = GET /r/:id, create = POST /r,
 * update = PUT /r/:id, delete = DELETE /r/:id.
 */
export const REST_ACTIONS = ['list', 'getOne', 'create', 'update', 'delete'] as const;
export type RestAction = (typeof REST_ACTIONS)[number];
export type ResourceAccess = Partial<Record<RestAction, PermissionRequirement>>;

const one = (permission: Permission): PermissionRequirement => ({ kind: 'one', permissions: [permission] });
const read = (permission: Permission) => ({ list: one(permission), getOne: one(permission) });
const all = (...permissions: Permission[]): PermissionRequirement => ({ kind: 'all', permissions });

export const REST_ACCESS = {
  dashboard: { getOne: one('VIEW_DASHBOARD') },
  'user-locations': { list: one('VIEW_USER_LOCATION') },
  // The analytics screen: traffic for VIEW_ANALYTICS, page-view figures only with VIEW_PAGE_VIEWS.
  'analytics-traffic': { getOne: one('VIEW_ANALYTICS') },
  'analytics-page-views': { getOne: all('VIEW_ANALYTICS', 'VIEW_PAGE_VIEWS') },
  'analytics-click-trouble': { getOne: one('VIEW_ANALYTICS') },

  employees: {
    ...read('VIEW_EMPLOYEES'),
    create: one('REGISTER_EMPLOYEES'),
    update: one('MANAGE_EMPLOYEES'),
  },
  // Extra grants on top of an employee's role: a separate door so the guard stays in this table.
  'employee-permissions': { getOne: one('MANAGE_PERMISSIONS'), update: one('MANAGE_PERMISSIONS') },
  // Letting back in an employee who lost their second factor (docs/decisions/0040-staff-two-factor-sign-in.md).
  'employee-two-factor-resets': { create: one('MANAGE_EMPLOYEES') },

  'all-users': read('VIEW_ALL_USERS'),
  'free-users': read('VIEW_FREE_USERS'),
  'paid-users': read('VIEW_PAID_USERS'),
  organizations: read('VIEW_ORGANIZATIONS'),

  // Blocking accounts and addresses is security work (docs/product/rulings.md, "Accounts can be blocked by security staff").
  'user-blocks': {
    list: one('VIEW_SUSPICIOUS_ACTIVITY'),
    create: one('VIEW_SUSPICIOUS_ACTIVITY'),
    delete: one('VIEW_SUSPICIOUS_ACTIVITY'),
  },
  'ip-blocks': {
    list: one('VIEW_SUSPICIOUS_ACTIVITY'),
    create: one('VIEW_SUSPICIOUS_ACTIVITY'),
    delete: one('VIEW_SUSPICIOUS_ACTIVITY'),
  },
  'sign-in-attempts': { list: one('VIEW_SUSPICIOUS_ACTIVITY') },
  'failed-sign-ins-by-ip': { list: one('VIEW_SUSPICIOUS_ACTIVITY') },
  'failed-sign-ins-by-account': { list: one('VIEW_SUSPICIOUS_ACTIVITY') },

  'red-flags': { ...read('VIEW_RED_FLAGS'), update: one('VIEW_RED_FLAGS') },
  // Members' events are moderated by the staff who review their reports (docs/decisions/0101-event-organizer-tools.md).
  events: { ...read('VIEW_RED_FLAGS'), update: one('VIEW_RED_FLAGS') },
  'audit-logs': read('VIEW_AUDIT_LOGS'),
  'feature-toggles': { ...read('MANAGE_FEATURES'), update: one('MANAGE_FEATURES') },
  'health-checks': { ...read('VIEW_TESTS'), create: one('RUN_TESTS') },
  // The background job queue beside the health checks (docs/decisions/0019-job-queue.md).
  jobs: { list: one('VIEW_TESTS') },
  'job-retries': { create: one('RUN_TESTS') },
  coupons: { ...read('VIEW_COUPONS'), create: one('VIEW_COUPONS'), update: one('VIEW_COUPONS') },
  // Product-wide messages sit with product-wide switches (docs/decisions/0009-announcements.md).
  announcements: { list: one('MANAGE_FEATURES'), create: one('MANAGE_FEATURES') },
  // docs/product/spec.md §6 names no order permission: the staff who see merchandise revenue run the shop and
  // fulfil its orders (docs/decisions/0008-order-fulfilment.md).
  'merchandise-revenue': { getOne: one('VIEW_MERCHANDISE_REVENUE') },
  orders: { ...read('VIEW_MERCHANDISE_REVENUE'), update: one('VIEW_MERCHANDISE_REVENUE') },
  // Emailing a campaign's donors (docs/product/spec.md §6, docs/decisions/0022-mass-email.md): the sends, a
  // preview with the count, and the campaigns to choose from.
  'donor-emails': {
    ...read('EMAIL_CAMPAIGN_DONATIONS'),
    create: one('EMAIL_CAMPAIGN_DONATIONS'),
    update: one('EMAIL_CAMPAIGN_DONATIONS'),
  },
  'donor-email-previews': { create: one('EMAIL_CAMPAIGN_DONATIONS') },
  'donor-email-campaigns': { list: one('EMAIL_CAMPAIGN_DONATIONS') },
  // Mass Emails at /admin/GOTV (docs/product/spec.md §2, docs/decisions/0032-gotv-and-candidate-emails.md): every mass email
  // with its report; GOTV sends to a segment, its size and preview, the candidates to pick from.
  'mass-emails': {
    ...read('EMAIL_CAMPAIGN_DONATIONS'),
    create: one('EMAIL_CAMPAIGN_DONATIONS'),
    update: one('EMAIL_CAMPAIGN_DONATIONS'),
  },
  'gotv-segment-sizes': { create: one('EMAIL_CAMPAIGN_DONATIONS') },
  'gotv-email-previews': { create: one('EMAIL_CAMPAIGN_DONATIONS') },
  'gotv-candidates': { list: one('EMAIL_CAMPAIGN_DONATIONS') },
  'gotv-events': { list: one('EMAIL_CAMPAIGN_DONATIONS') },
  // Campaign donations (docs/decisions/0023-campaign-dashboard-and-refunds.md): seeing them is VIEW_CAMPAIGN_DONATIONS; giving money
  // back needs REFUND_DONATIONS (docs/product/rulings.md, "Added 2026-11-23").
  'donation-candidates': { list: one('VIEW_CAMPAIGN_DONATIONS') },
  'donation-campaigns': read('VIEW_CAMPAIGN_DONATIONS'),
  donations: read('VIEW_CAMPAIGN_DONATIONS'),
  'donation-refunds': { create: all('VIEW_CAMPAIGN_DONATIONS', 'REFUND_DONATIONS') },
  'donation-revenue': { getOne: one('VIEW_CAMPAIGN_DONATIONS') },
  // Membership revenue (docs/product/spec.md §6, docs/decisions/0024-membership.md): MRR and months, with its CSV.
  'subscription-revenue': { getOne: one('VIEW_SUBSCRIPTION_REVENUE') },
  // Support tickets from /contact (docs/decisions/0029-help-center-and-support-tickets.md): the queue, and each thread's replies and notes.
  'support-tickets': { ...read('MANAGE_SUPPORT_TICKETS'), update: one('MANAGE_SUPPORT_TICKETS') },
  'support-ticket-messages': { list: one('MANAGE_SUPPORT_TICKETS'), create: one('MANAGE_SUPPORT_TICKETS') },
  // Partner revenue and the affiliate program (docs/decisions/0031-affiliates-and-partner-revenue.md): seeing the figures is a VIEW
  // permission; recording a payout also needs SETTLE_PAYOUTS (docs/product/rulings.md, "Added 2026-11-23").
  'partner-revenue': { getOne: one('VIEW_PARTNER_REVENUE') },
  'affiliate-report': { getOne: one('VIEW_AFFILIATES') },
  'affiliate-payouts': { create: all('VIEW_AFFILIATES', 'SETTLE_PAYOUTS') },
} as const satisfies Record<string, ResourceAccess>;

export type RestResourceName = keyof typeof REST_ACCESS;

export function accessFor(resource: string, action: RestAction): PermissionRequirement | undefined {
  const entry = (REST_ACCESS as Record<string, ResourceAccess>)[resource];
  return entry?.[action];
}
