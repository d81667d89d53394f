import { type Kysely, sql } from 'kysely';

/**
 * Membership (docs/decisions/0024): what each tier unlocks, one row per tier, read by every feature
 * through api/modules/membership/entitlements.ts; and members' subscriptions to paid tiers.
 *
 * - membership_entitlements: tier → flags and limits, seeded here with the six tiers of
 *   api/contract/membership.ts (Free: no badge, no analytics, 1 open job post, 0 follower emails).
 * - membership_subscriptions: pending (waiting for its first payment) → active → (grace after a
 *   failed renewal) → ended; cancelled when it never became live. At most one live (active or
 *   grace) and at most one pending subscription per member: partial unique indexes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('membership_entitlements')
    .addColumn('tier', 'text', (c) => c.primaryKey())
    .addColumn('verified_badge', 'boolean', (c) => c.notNull())
    .addColumn('dashboard_analytics', 'boolean', (c) => c.notNull())
    .addColumn('open_job_posts', 'integer', (c) => c.notNull().check(sql`open_job_posts >= 0`))
    .addColumn('follower_emails_per_month', 'integer', (c) =>
      c.notNull().check(sql`follower_emails_per_month >= 0`),
    )
    .execute();
  await sql`INSERT INTO membership_entitlements
      (tier, verified_badge, dashboard_analytics, open_job_posts, follower_emails_per_month)
    VALUES
      ('candidate-free', false, false, 1, 0),
      ('campaign', true, true, 5, 2000),
      ('campaign-pro', true, true, 25, 20000),
      ('organization-free', false, false, 1, 0),
      ('organizer', true, true, 5, 2000),
      ('movement', true, true, 25, 20000)`.execute(db);

  await db.schema
    .createTable('membership_subscriptions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // SUB-XXXXXXXX: the payable reference every charge of this subscription names.
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tier', 'text', (c) => c.notNull().references('membership_entitlements.tier'))
    // The tier's monthly price when subscribed: what each renewal charges, and what MRR sums.
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status IN ('pending', 'active', 'grace', 'cancelled', 'ended')`),
    )
    .addColumn('current_period_end', 'timestamptz')
    .addColumn('cancel_at_period_end', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('provider_subscription_id', 'text', (c) => c.unique())
    .addColumn('grace_until', 'timestamptz')
    // A change of tier: the live subscription this one replaces once its first payment succeeds.
    .addColumn('replaces_id', 'integer', (c) => c.references('membership_subscriptions.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ended_at', 'timestamptz')
    .execute();
  await sql`CREATE UNIQUE INDEX membership_subscriptions_one_live ON membership_subscriptions (user_id)
    WHERE status IN ('active', 'grace')`.execute(db);
  await sql`CREATE UNIQUE INDEX membership_subscriptions_one_pending ON membership_subscriptions (user_id)
    WHERE status = 'pending'`.execute(db);
  await sql`CREATE INDEX membership_subscriptions_due ON membership_subscriptions (status, current_period_end)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('membership_subscriptions').ifExists().execute();
  await db.schema.dropTable('membership_entitlements').ifExists().execute();
}
