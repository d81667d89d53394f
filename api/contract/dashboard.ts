export interface DashboardSummary {
  id: 'summary';
  members: number;
  organizations: number;
  candidates: number;
  staff: number;
  /** Members whose subscription grants its tier now (active, cancelling or in grace). */
  paidMembers: number;
  newMembersLast30Days: number;
  blockedAccounts: number;
  openRedFlags: number;
  /** New sign-ups per calendar month, oldest first, the last 12 months including this one. */
  signupsByMonth: { month: string; count: number }[];
  /** Figures whose tables do not exist yet, named so the screen can say so. */
  /** Shop orders paid in the last 30 days, and paid ones not yet shipped. */
  ordersLast30Days: number;
  ordersToFulfil: number;
  notYetAvailable: string[];
}
