import type { Insertable, Selectable, Updateable } from 'kysely';
import type {
  EmailTokensTable,
  RateLimitCountersTable,
  SessionsTable,
  SignInAttemptsTable,
  SignInDevicesTable,
  StaffMembersTable,
  UsersTable,
} from './tables/accounts';
import type {
  AffiliateClicksTable,
  AffiliateCommissionsTable,
  AffiliatePayoutsTable,
  AffiliatesTable,
} from './tables/affiliates';
import type {
  AnalyticsClickSignalsTable,
  AnalyticsClicksTable,
  AnalyticsDailyClickCellsTable,
  AnalyticsDailyPagesTable,
  AnalyticsDailySourcesTable,
  AnalyticsDailyTotalsTable,
  AnalyticsMonthlyPagesTable,
  AnalyticsPageViewsTable,
  AnalyticsRejectedEventsTable,
  AnalyticsSessionsTable,
  UserActivityTable,
} from './tables/analytics';
import type {
  AuditLogsTable,
  BlockedIpsTable,
  CouponsTable,
  FeatureTogglesTable,
  HealthCheckRunsTable,
  JobProgressTable,
  RedFlagsTable,
} from './tables/console';
import type {
  MemberSignupsDailyTable,
  MemberStateCountsTable,
  UserCountTotalsTable,
} from './tables/console-counters';
import type {
  CampaignsTable,
  CandidateElectionsTable,
  CandidateGivingPagesTable,
  DonationLedgerTable,
  DonationsTable,
  DonorsTable,
  RecurringDonationsTable,
} from './tables/donations';
import type {
  EventShiftSignupsTable,
  EventShiftsTable,
  EventSignupsTable,
  EventsTable,
} from './tables/events';
import type {
  CampaignTreasurersTable,
  FecCommitteesTable,
  FortyEightHourNoticeGiftsTable,
  FortyEightHourNoticesTable,
} from './tables/fec-reports';

import type { InstanceSecretsTable } from './tables/instance';
import type { JobApplicationsTable, JobPostingsTable, JobSavedSearchesTable } from './tables/job-board';
import type {
  EmailSuppressionsTable,
  MassEmailAllowanceUsageTable,
  MassEmailLinkClicksTable,
  MassEmailLinkTotalsTable,
  MassEmailRecipientsTable,
  MassEmailSendsTable,
} from './tables/mass-email';
import type { MembershipEntitlementsTable, MembershipSubscriptionsTable } from './tables/membership';
import type {
  AnnouncementsTable,
  BlocksTable,
  ConversationsTable,
  EmailOutboxTable,
  MessagesTable,
  NotificationsTable,
  OnlinePresenceTable,
} from './tables/messaging';
import type {
  PaymentDisputesTable,
  PaymentRefundsTable,
  ProviderSubscriptionsTable,
  TestGatewayCheckoutsTable,
  TestGatewaySubscriptionsTable,
} from './tables/payments';
import type {
  FeedbackTable,
  FollowsTable,
  NameTokenKeysTable,
  NameTokensTable,
  NotificationPreferencesTable,
  ReferenceOptionsTable,
  UserNameTokensTable,
} from './tables/people';
import type {
  AffiliateBalancesTable,
  AffiliateRevenueDaysTable,
  AffiliateRevenueMonthsTable,
  AffiliateRevenueTotalsTable,
  DonationDonorDaysTable,
  DonationDonorGapsTable,
  DonationRevenueDaysTable,
  MerchandiseRevenueDaysTable,
  PartnerOrderDaysTable,
  PartnerRevenueDaysTable,
  SubscriptionRevenueDaysTable,
} from './tables/revenue-rollups';
import type {
  OrderCheckoutsTable,
  OrderItemsTable,
  OrderStatusEventsTable,
  OrdersTable,
  PaymentEventsTable,
  ProductsTable,
  ProductVariantsTable,
} from './tables/shop';
import type { EndorsementsTable, IssueStancesTable, PostsTable } from './tables/social';
import type { SupportTicketMessagesTable, SupportTicketsTable } from './tables/support-tickets';
import type {
  SupporterListsTable,
  SupporterNotesTable,
  SupportersTable,
  SupporterTaggingsTable,
  SupporterTagsTable,
} from './tables/supporters';
import type {
  SignInChallengesTable,
  TwoFactorCredentialsTable,
  TwoFactorRecoveryCodesTable,
} from './tables/two-factor';

export type * from './tables/accounts';
export type * from './tables/affiliates';
export type * from './tables/analytics';
export type * from './tables/console';
export type * from './tables/console-counters';
export type * from './tables/donations';
export type * from './tables/events';
export type * from './tables/instance';
export type * from './tables/job-board';
export type * from './tables/mass-email';
export type * from './tables/membership';
export type * from './tables/messaging';
export type * from './tables/payments';
export type * from './tables/people';
export type * from './tables/revenue-rollups';
export type * from './tables/shop';
export type * from './tables/social';
export type * from './tables/support-tickets';
export type * from './tables/supporters';

/** Kysely's view of the tables in migrations/. Keep in step with every new migration. */

export interface Database {
  reference_options: ReferenceOptionsTable;
  users: UsersTable;
  staff_members: StaffMembersTable;
  feedback: FeedbackTable;
  rate_limit_counters: RateLimitCountersTable;
  sessions: SessionsTable;
  sign_in_devices: SignInDevicesTable;
  online_presence: OnlinePresenceTable;
  email_tokens: EmailTokensTable;
  email_outbox: EmailOutboxTable;
  sign_in_attempts: SignInAttemptsTable;
  blocked_ips: BlockedIpsTable;
  audit_logs: AuditLogsTable;
  feature_toggles: FeatureTogglesTable;
  follows: FollowsTable;
  notification_preferences: NotificationPreferencesTable;
  name_tokens: NameTokensTable;
  user_name_tokens: UserNameTokensTable;
  name_token_keys: NameTokenKeysTable;
  red_flags: RedFlagsTable;
  coupons: CouponsTable;
  health_check_runs: HealthCheckRunsTable;
  job_progress: JobProgressTable;
  notifications: NotificationsTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  blocks: BlocksTable;
  products: ProductsTable;
  product_variants: ProductVariantsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_checkouts: OrderCheckoutsTable;
  order_status_events: OrderStatusEventsTable;
  payment_events: PaymentEventsTable;
  payment_refunds: PaymentRefundsTable;
  test_gateway_subscriptions: TestGatewaySubscriptionsTable;
  test_gateway_checkouts: TestGatewayCheckoutsTable;
  provider_subscriptions: ProviderSubscriptionsTable;
  payment_disputes: PaymentDisputesTable;
  announcements: AnnouncementsTable;
  analytics_sessions: AnalyticsSessionsTable;
  analytics_page_views: AnalyticsPageViewsTable;
  analytics_clicks: AnalyticsClicksTable;
  analytics_click_signals: AnalyticsClickSignalsTable;
  analytics_daily_click_cells: AnalyticsDailyClickCellsTable;
  analytics_rejected_events: AnalyticsRejectedEventsTable;
  user_activity: UserActivityTable;
  analytics_daily_totals: AnalyticsDailyTotalsTable;
  analytics_daily_pages: AnalyticsDailyPagesTable;
  analytics_monthly_pages: AnalyticsMonthlyPagesTable;
  analytics_daily_sources: AnalyticsDailySourcesTable;
  instance_secrets: InstanceSecretsTable;
  candidate_elections: CandidateElectionsTable;
  campaigns: CampaignsTable;
  donors: DonorsTable;
  fec_committees: FecCommitteesTable;
  campaign_treasurers: CampaignTreasurersTable;
  forty_eight_hour_notices: FortyEightHourNoticesTable;
  forty_eight_hour_notice_gifts: FortyEightHourNoticeGiftsTable;
  recurring_donations: RecurringDonationsTable;
  donations: DonationsTable;
  donation_ledger: DonationLedgerTable;
  candidate_giving_pages: CandidateGivingPagesTable;
  email_suppressions: EmailSuppressionsTable;
  mass_email_sends: MassEmailSendsTable;
  mass_email_recipients: MassEmailRecipientsTable;
  mass_email_allowance_usage: MassEmailAllowanceUsageTable;
  mass_email_link_clicks: MassEmailLinkClicksTable;
  mass_email_link_totals: MassEmailLinkTotalsTable;
  membership_entitlements: MembershipEntitlementsTable;
  membership_subscriptions: MembershipSubscriptionsTable;
  job_postings: JobPostingsTable;
  job_applications: JobApplicationsTable;
  job_saved_searches: JobSavedSearchesTable;
  support_tickets: SupportTicketsTable;
  support_ticket_messages: SupportTicketMessagesTable;
  affiliates: AffiliatesTable;
  affiliate_clicks: AffiliateClicksTable;
  affiliate_commissions: AffiliateCommissionsTable;
  affiliate_payouts: AffiliatePayoutsTable;
  posts: PostsTable;
  endorsements: EndorsementsTable;
  issue_stances: IssueStancesTable;
  user_count_totals: UserCountTotalsTable;
  member_signups_daily: MemberSignupsDailyTable;
  member_state_counts: MemberStateCountsTable;
  two_factor_credentials: TwoFactorCredentialsTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  sign_in_challenges: SignInChallengesTable;
  donation_revenue_days: DonationRevenueDaysTable;
  donation_donor_days: DonationDonorDaysTable;
  donation_donor_gaps: DonationDonorGapsTable;
  merchandise_revenue_days: MerchandiseRevenueDaysTable;
  partner_revenue_days: PartnerRevenueDaysTable;
  partner_order_days: PartnerOrderDaysTable;
  subscription_revenue_days: SubscriptionRevenueDaysTable;
  affiliate_revenue_days: AffiliateRevenueDaysTable;
  affiliate_balances: AffiliateBalancesTable;
  affiliate_revenue_months: AffiliateRevenueMonthsTable;
  affiliate_revenue_totals: AffiliateRevenueTotalsTable;
  events: EventsTable;
  event_shifts: EventShiftsTable;
  event_signups: EventSignupsTable;
  event_shift_signups: EventShiftSignupsTable;
  supporters: SupportersTable;
  supporter_tags: SupporterTagsTable;
  supporter_taggings: SupporterTaggingsTable;
  supporter_notes: SupporterNotesTable;
  supporter_lists: SupporterListsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
