import { type Kysely, sql } from 'kysely';

/**
 * Campaign donations (docs/decisions/0021): candidates' election dates and campaigns, donors as
 * the FEC counts them (one person, however many emails), every gift and recurring gift, and the
 * limit ledger. The ledger's CHECK is the $3,500-per-election limit itself (api/contract/fec-limits):
 * a reservation is `committed_cents + amount` in one UPDATE, so the row lock serializes racing
 * gifts and the constraint refuses the one that would pass the limit, whatever the application does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('candidate_elections')
    .addColumn('candidate_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('primary_on', 'date', (c) => c.notNull())
    .addColumn('general_on', 'date', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('candidate_elections_order', sql`general_on > primary_on`)
    .execute();

  // docs/product/spec.md §3: campaign types CampaignDonation, SocialMedia, GOTV.
  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('candidate_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) =>
      c.notNull().check(sql`type IN ('CampaignDonation', 'SocialMedia', 'GOTV')`),
    )
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(name) BETWEEN 1 AND 120`))
    .addColumn('description', 'text')
    .addColumn('goal_cents', 'integer', (c) => c.check(sql`goal_cents > 0`))
    .addColumn('archived_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('campaigns_candidate').on('campaigns').column('candidate_id').execute();

  // One row per person as the FEC aggregates them. A member is one donor (user_id); a guest joins
  // the donor with the same email_key, or the same name_key and zip5 (docs/decisions/0021-campaign-donations.md).
  await db.schema
    .createTable('donors')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.unique().references('users.id').onDelete('set null'))
    // lower(trim(email))
    .addColumn('email_key', 'text', (c) => c.notNull())
    // db/name-tokens-style normalization of "first last": lower case, accents and punctuation gone.
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('zip5', 'text', (c) => c.notNull().check(sql`zip5 ~ '^[0-9]{5}$'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('donors_email_key').on('donors').column('email_key').execute();
  await db.schema.createIndex('donors_name_zip').on('donors').columns(['name_key', 'zip5']).execute();

  await db.schema
    .createTable('recurring_donations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('candidate_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('donor_id', 'integer', (c) => c.notNull().references('donors.id'))
    .addColumn('campaign_id', 'integer', (c) => c.references('campaigns.id').onDelete('set null'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    // The donor's designation of the first gift carries over to the renewals (docs/decisions/0021-campaign-donations.md).
    .addColumn('designated_general', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('email', 'text', (c) => c.notNull())
    // pending: waiting for its first charge; active: renewing; cancelled: by the donor;
    // limit_reached: stopped because a renewal would pass the limit; failed: a charge was declined.
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status IN ('pending', 'active', 'cancelled', 'limit_reached', 'failed')`),
    )
    .addColumn('provider_subscription_id', 'text', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ended_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('donations')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    // Public, unguessable-enough id shown on receipts and carried as the payable reference.
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('candidate_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('donor_id', 'integer', (c) => c.notNull().references('donors.id'))
    // The signed-in member who gave, if any (the donor row may also hold guest gifts).
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('campaign_id', 'integer', (c) => c.references('campaigns.id').onDelete('set null'))
    .addColumn('recurring_id', 'integer', (c) => c.references('recurring_donations.id'))
    // A renewal's charge period start: one donation per period of a recurring gift.
    .addColumn('period_start', 'timestamptz')
    .addColumn('amount_cents', 'integer', (c) =>
      c.notNull().check(sql`amount_cents > 0 AND amount_cents <= 350000`),
    )
    .addColumn('election', 'text', (c) => c.notNull().check(sql`election IN ('primary', 'general')`))
    .addColumn('designated_general', 'boolean', (c) => c.notNull().defaultTo(false))
    // pending: headroom reserved, waiting for the payment; paid; failed and expired release the
    // reservation; refunded gives the headroom back.
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status IN ('pending', 'paid', 'failed', 'expired', 'refunded')`),
    )
    // The contributor's details as given with this gift (FEC itemization reports them).
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('street', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('zip', 'text', (c) => c.notNull())
    .addColumn('employer', 'text')
    .addColumn('occupation', 'text')
    .addColumn('attested_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('paid_at', 'timestamptz')
    // A pending gift's reservation lapses here if no payment arrived (the maintenance job expires it).
    .addColumn('reservation_expires_at', 'timestamptz')
    .addColumn('refunded_at', 'timestamptz')
    .addColumn('refunded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('refund_reason', 'text')
    // Best-efforts follow-up for an itemizable gift without employer or occupation.
    .addColumn('follow_up_sent_at', 'timestamptz')
    .addColumn('follow_up_answered_at', 'timestamptz')
    .addCheckConstraint(
      'donations_refund_complete',
      sql`status <> 'refunded' OR (refunded_at IS NOT NULL AND refund_reason IS NOT NULL)`,
    )
    .execute();
  await sql`CREATE UNIQUE INDEX donations_recurring_period ON donations (recurring_id, period_start)
    WHERE recurring_id IS NOT NULL AND period_start IS NOT NULL`.execute(db);
  await db.schema
    .createIndex('donations_candidate_created')
    .on('donations')
    .columns(['candidate_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('donations_donor')
    .on('donations')
    .columns(['donor_id', 'candidate_id'])
    .execute();
  await sql`CREATE INDEX donations_pending_expiry ON donations (reservation_expires_at)
    WHERE status = 'pending'`.execute(db);

  // committed_cents = pending reservations + paid gifts, per donor, candidate and election.
  await db.schema
    .createTable('donation_ledger')
    .addColumn('candidate_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('donor_id', 'integer', (c) => c.notNull().references('donors.id'))
    .addColumn('election', 'text', (c) => c.notNull().check(sql`election IN ('primary', 'general')`))
    .addColumn('committed_cents', 'integer', (c) =>
      c.notNull().defaultTo(0).check(sql`committed_cents >= 0 AND committed_cents <= 350000`),
    )
    .addPrimaryKeyConstraint('donation_ledger_pk', ['candidate_id', 'donor_id', 'election'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'donation_ledger',
    'donations',
    'recurring_donations',
    'donors',
    'campaigns',
    'candidate_elections',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
