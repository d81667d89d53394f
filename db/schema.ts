import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  AffiliateClicksTable,
  AffiliateCommissionsTable,
  AffiliatePayoutsTable,
  AffiliatesTable,
} from './tables/affiliates';
import type {
  AnalyticsClicksTable,
  AnalyticsDailyPagesTable,
  AnalyticsDailySourcesTable,
  AnalyticsDailyTotalsTable,
  AnalyticsPageViewsTable,
  AnalyticsRejectedEventsTable,
  AnalyticsSessionsTable,
  UserActivityTable,
} from './tables/analytics';
import type { CreatedAt, Timestamp } from './tables/columns';
import type {
  CampaignsTable,
  CandidateElectionsTable,
  DonationLedgerTable,
  DonationsTable,
  DonorsTable,
  RecurringDonationsTable,
} from './tables/donations';
import type { InstanceSecretsTable } from './tables/instance';
import type { JobApplicationsTable, JobPostingsTable, JobSavedSearchesTable } from './tables/job-board';
import type {
  EmailSuppressionsTable,
  MassEmailAllowanceUsageTable,
  MassEmailRecipientsTable,
  MassEmailSendsTable,
} from './tables/mass-email';
import type { MembershipEntitlementsTable, MembershipSubscriptionsTable } from './tables/membership';
import type { PaymentRefundsTable, TestGatewaySubscriptionsTable } from './tables/payments';
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

export type * from './tables/affiliates';
export type * from './tables/analytics';
export type * from './tables/donations';
export type * from './tables/instance';
export type * from './tables/job-board';
export type * from './tables/mass-email';
export type * from './tables/membership';
export type * from './tables/payments';
export type * from './tables/shop';
export type * from './tables/social';
export type * from './tables/support-tickets';

/** Kysely's view of the tables in migrations/. Keep in step with every new migration. */

export type StaffRole =
  | 'SUPER_ADMIN'
  | 'SUPPORT'
  | 'MARKETING'
  | 'FINANCE'
  | 'SECURITY'
  | 'ANALYTICS'
  | 'SALES';
export type AccountKind = 'individual' | 'organization';

export interface ReferenceOptionsTable {
  list_name: string;
  value: string;
  label: string;
  position: number;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string | null;
  kind: AccountKind;
  first_name: string | null;
  last_name: string | null;
  org_name: string | null;
  handle: string | null;
  is_vendor: Generated<boolean>;
  is_candidate: Generated<boolean>;
  is_admin: Generated<boolean>;
  state: string | null;
  party: string | null;
  position: string | null;
  bio: string | null;
  profile_image: string | null;
  candidate_office: string | null;
  candidate_district: string | null;
  email_verified_at: Timestamp | null;
  blocked_at: Timestamp | null;
  blocked_reason: string | null;
  interests: ColumnType<string[], string[] | undefined, string[]>;
  setup_completed_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** { attribute: value | value[] } from the reference lists (api/contract/profile-attributes.ts). */
  profile_attributes: ColumnType<ProfileAttributes, ProfileAttributes | undefined, ProfileAttributes>;
  /** { attribute: visibility }; attributes not listed have their default visibility. */
  attribute_visibility: ColumnType<
    AttributeVisibilityMap,
    AttributeVisibilityMap | undefined,
    AttributeVisibilityMap
  >;
  /** Set when the account was deleted: the row stays as an anonymous tombstone. */
  deleted_at: Timestamp | null;
}

export type Visibility = 'public' | 'members' | 'private';
export type ProfileAttributes = Record<string, string | string[]>;
export type AttributeVisibilityMap = Record<string, Visibility>;

export interface FollowsTable {
  follower_id: number;
  followee_id: number;
  created_at: CreatedAt;
}

export interface NotificationPreferencesTable {
  user_id: number;
  /** 1..11, docs/product/decisions.md "Notifications: the eleven types". */
  notification_type: number;
  enabled: boolean;
  updated_at: Timestamp;
}

/** Distinct lower-case name words, matched exactly, by prefix and through name_token_keys. */
export interface NameTokensTable {
  id: Generated<number>;
  token: string;
}

/** Deletion keys of each name token (migrations/0018_name_token_keys.ts): typo lookup by btree. */
export interface NameTokenKeysTable {
  key: number;
  token_id: number;
}

export interface UserNameTokensTable {
  token_id: number;
  user_id: number;
}

export interface StaffMembersTable {
  user_id: number;
  role: StaffRole;
  department: string;
  title: string;
  extra_permissions: ColumnType<string[], string[] | undefined, string[]>;
  created_at: CreatedAt;
}

export interface FeedbackTable {
  id: Generated<number>;
  user_id: number | null;
  name: string;
  email: string;
  topic: string;
  state: string | null;
  message: string;
  created_at: CreatedAt;
}

export interface RateLimitCountersTable {
  key: string;
  window_start: Date | string;
  hits: number;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  expires_at: Timestamp;
  created_at: CreatedAt;
  ip: string | null;
  user_agent: string | null;
}

export type EmailTokenPurpose = 'verify_email' | 'reset_password' | 'change_email';

export interface EmailTokensTable {
  id: string;
  user_id: number;
  purpose: EmailTokenPurpose;
  email: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface EmailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  headers: ColumnType<Record<string, string>, Record<string, string> | undefined, Record<string, string>>;
  transport: string;
  /** 'sending': a keyed message handed to SMTP and not confirmed yet (migrations/0016). */
  status: 'stored' | 'sending' | 'sent' | 'failed';
  error: string | null;
  /** One row per key: a keyed message is sent at most once (docs/decisions/0022-mass-email.md). */
  idempotency_key: string | null;
  /** The sender name this message asks for; the address stays EMAIL_FROM. */
  from_name: string | null;
  /** Delivery attempts so far (SMTP); a failed message is retried while below the limit. */
  attempts: Generated<number>;
  created_at: CreatedAt;
  sent_at: Timestamp | null;
}

export interface SignInAttemptsTable {
  id: Generated<string>;
  email: string;
  user_id: number | null;
  ip: string;
  succeeded: boolean;
  reason: string | null;
  created_at: CreatedAt;
}

export interface BlockedIpsTable {
  ip: string;
  reason: string;
  blocked_by: number | null;
  created_at: CreatedAt;
}

export interface AuditLogsTable {
  id: Generated<string>;
  actor_id: number | null;
  action: string;
  target_type: string;
  target_id: string | null;
  before: unknown | null;
  after: unknown | null;
  ip: string | null;
  created_at: CreatedAt;
}

export interface FeatureTogglesTable {
  name: string;
  enabled: boolean;
  description: string;
  updated_by: number | null;
  updated_at: Timestamp;
}

/** Console tables (migrations/0004_console.ts). */
export type RedFlagTargetType = 'profile' | 'message' | 'job' | 'post';
export type RedFlagStatus = 'open' | 'resolved' | 'dismissed';

export interface RedFlagsTable {
  id: Generated<number>;
  reporter_id: number | null;
  target_type: RedFlagTargetType;
  target_id: string;
  reason: string;
  details: string | null;
  status: Generated<RedFlagStatus>;
  action_taken: string | null;
  reviewer_id: number | null;
  reviewed_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface CouponsTable {
  id: Generated<number>;
  code: string;
  kind: 'percent' | 'fixed';
  amount: number;
  min_subtotal_cents: Generated<number>;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  max_redemptions: number | null;
  redemptions_count: Generated<number>;
  active: Generated<boolean>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface HealthCheckRunsTable {
  id: Generated<number>;
  started_by: number | null;
  status: 'pass' | 'fail' | 'partial';
  results: unknown;
  duration_ms: number;
  created_at: CreatedAt;
}

/** migrations/0013_job_progress.ts: how far a background job got, written while it runs. */
export interface JobProgressTable {
  job_id: string;
  queue: string;
  done: number | null;
  total: number | null;
  message: string | null;
  updated_at: Generated<Date>;
}

/** migrations/0005_messaging.ts */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  /** 1 to 11: api/contract/notification-types.ts. */
  type: number;
  message: string;
  route: string | null;
  related_user_id: number | null;
  is_read: Generated<boolean>;
  created_at: CreatedAt;
}

export interface ConversationsTable {
  id: Generated<number>;
  /** The pair is ordered: user_a < user_b. */
  user_a: number;
  user_b: number;
  created_at: CreatedAt;
  last_message_at: Timestamp;
}

export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender_id: number;
  recipient_id: number;
  body: string;
  client_id: string;
  created_at: CreatedAt;
  read_at: Timestamp | null;
}

export interface BlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: CreatedAt;
}

export interface OnlinePresenceTable {
  user_id: number;
  instance_id: string;
  seen_at: Timestamp;
}

export interface AnnouncementsTable {
  id: Generated<number>;
  message: string;
  route: string | null;
  sent_by: number | null;
  recipients: Generated<number>;
  created_at: CreatedAt;
}

export interface Database {
  reference_options: ReferenceOptionsTable;
  users: UsersTable;
  staff_members: StaffMembersTable;
  feedback: FeedbackTable;
  rate_limit_counters: RateLimitCountersTable;
  sessions: SessionsTable;
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
  announcements: AnnouncementsTable;
  analytics_sessions: AnalyticsSessionsTable;
  analytics_page_views: AnalyticsPageViewsTable;
  analytics_clicks: AnalyticsClicksTable;
  analytics_rejected_events: AnalyticsRejectedEventsTable;
  user_activity: UserActivityTable;
  analytics_daily_totals: AnalyticsDailyTotalsTable;
  analytics_daily_pages: AnalyticsDailyPagesTable;
  analytics_daily_sources: AnalyticsDailySourcesTable;
  instance_secrets: InstanceSecretsTable;
  candidate_elections: CandidateElectionsTable;
  campaigns: CampaignsTable;
  donors: DonorsTable;
  recurring_donations: RecurringDonationsTable;
  donations: DonationsTable;
  donation_ledger: DonationLedgerTable;
  email_suppressions: EmailSuppressionsTable;
  mass_email_sends: MassEmailSendsTable;
  mass_email_recipients: MassEmailRecipientsTable;
  mass_email_allowance_usage: MassEmailAllowanceUsageTable;
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
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
