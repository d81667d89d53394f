import type { Permission } from './permissions';

/**
 * The admin sidebar of docs/product/spec.md §2, with the permission each screen needs. The console
 * builds its menu and its per-screen guard from this list; the server uses it to answer 404
 * for paths under /admin that are no screen. One list, so the menu, the screen guard and the
 * tests cannot drift apart. Browser-safe: imports types only.
 */
export interface ConsoleScreenEntry {
  /** Sidebar label. */
  label: string;
  /** Full path, under /admin. */
  path: string;
  permission: Permission;
}

export interface ConsoleSection {
  id: string;
  title: string;
  items: readonly ConsoleScreenEntry[];
}

/** A built screen (every screen of docs/product/spec.md is; the placeholder for later ones is gone). */
const ready = (label: string, path: string, permission: Permission): ConsoleScreenEntry => ({
  label,
  path,
  permission,
});

export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  {
    id: 'dashboard',
    title: 'Dashboard',
    items: [
      ready('Home', '/admin', 'VIEW_DASHBOARD'),
      ready('Analytics', '/admin/analytics', 'VIEW_ANALYTICS'),
      ready('Users Location', '/admin/users', 'VIEW_USER_LOCATION'),
    ],
  },
  {
    id: 'employees',
    title: 'Employee Management',
    items: [
      ready('Registration', '/admin/employee-registration', 'REGISTER_EMPLOYEES'),
      ready('Employees', '/admin/employees', 'VIEW_EMPLOYEES'),
    ],
  },
  {
    id: 'user-data',
    title: 'User Data',
    items: [
      ready('All Users', '/admin/all-users', 'VIEW_ALL_USERS'),
      ready('Free Users', '/admin/free-users', 'VIEW_FREE_USERS'),
      ready('Paid Users', '/admin/paid-users', 'VIEW_PAID_USERS'),
      ready('Organizations', '/admin/organizations', 'VIEW_ORGANIZATIONS'),
    ],
  },
  {
    id: 'candidates',
    title: 'Candidates',
    items: [ready('Campaign Donations', '/admin/campaign-donations', 'VIEW_CAMPAIGN_DONATIONS')],
  },
  {
    id: 'revenues',
    title: 'Revenues',
    items: [
      ready('Donations', '/admin/revenues/donations', 'VIEW_CAMPAIGN_DONATIONS'),
      ready('Merchandise', '/admin/revenues/merchandise', 'VIEW_MERCHANDISE_REVENUE'),
      ready('Subscriptions', '/admin/revenues/subscriptions', 'VIEW_SUBSCRIPTION_REVENUE'),
      ready('Partners', '/admin/revenues/partners', 'VIEW_PARTNER_REVENUE'),
    ],
  },
  {
    id: 'marketing',
    title: 'Marketing',
    items: [
      ready('Mass Emails', '/admin/GOTV', 'EMAIL_CAMPAIGN_DONATIONS'),
      ready('Affiliates', '/admin/affiliates', 'VIEW_AFFILIATES'),
      ready('Coupons', '/admin/coupons', 'VIEW_COUPONS'),
    ],
  },
  {
    id: 'security',
    title: 'Security',
    items: [ready('Suspicious Activity', '/admin/security', 'VIEW_SUSPICIOUS_ACTIVITY')],
  },
  {
    id: 'other',
    title: 'Other',
    items: [
      ready('Red Flags', '/admin/red-flags', 'VIEW_RED_FLAGS'),
      ready('Audit Logs', '/admin/audit-logs', 'VIEW_AUDIT_LOGS'),
      ready('Feature Toggles', '/admin/feature-toggle', 'MANAGE_FEATURES'),
      ready('Tests', '/admin/tests', 'VIEW_TESTS'),
    ],
  },
];

export const CONSOLE_SCREEN_ENTRIES: readonly ConsoleScreenEntry[] = CONSOLE_SECTIONS.flatMap((s) => s.items);

/**
 * Console screens that are no sidebar item (the sidebar is fixed by docs/product/spec.md §2): each is
 * reached from a link on another screen, yet has its path and permission here like any screen,
 * so the console guards it and the server serves it (and 404s the paths that are no screen).
 */
export const CONSOLE_SCREENS_OFF_SIDEBAR: readonly ConsoleScreenEntry[] = [
  // Emailing a campaign's donors, linked from /admin/campaign-donations (docs/decisions/0022-mass-email.md).
  ready('Donor emails', '/admin/donor-emails', 'EMAIL_CAMPAIGN_DONATIONS'),
  // Requests from /contact (docs/decisions/0029-help-center-and-support-tickets.md), linked from the console home (/admin) for those who may answer them.
  ready('Support tickets', '/admin/support-tickets', 'MANAGE_SUPPORT_TICKETS'),
  // Members' events (docs/decisions/0101-event-organizer-tools.md), linked from /admin/red-flags: moderated by who reviews reports.
  ready('Events', '/admin/events', 'VIEW_RED_FLAGS'),
];

/**
 * The screen a path belongs to: the exact screen, or the one whose path it extends
 * (/admin/employees/12 → Employees). The home screen matches /admin only.
 */
export function screenForPath(path: string): ConsoleScreenEntry | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  let best: ConsoleScreenEntry | undefined;
  for (const screen of [...CONSOLE_SCREEN_ENTRIES, ...CONSOLE_SCREENS_OFF_SIDEBAR]) {
    const matches =
      clean === screen.path || (screen.path !== '/admin' && clean.startsWith(`${screen.path}/`));
    if (matches && (!best || screen.path.length > best.path.length)) best = screen;
  }
  return best;
}

/** The sidebar a user with these permissions sees: sections keep only permitted items, empty ones go. */
export function visibleSections(permissions: readonly Permission[]): ConsoleSection[] {
  return CONSOLE_SECTIONS.map((s) => ({
    ...s,
    items: s.items.filter((i) => permissions.includes(i.permission)),
  })).filter((s) => s.items.length > 0);
}
