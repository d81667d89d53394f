import { type Kysely, sql } from 'kysely';

/** The staff console's own tables: the red-flag review queue, coupons and health-check history. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Members report a profile, message, job or post; SUPPORT and SECURITY review the queue.
  await db.schema
    .createTable('red_flags')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('reporter_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('target_type', 'text', (c) =>
      c.notNull().check(sql`target_type IN ('profile', 'message', 'job', 'post')`),
    )
    .addColumn('target_id', 'text', (c) => c.notNull())
    // A value of the `report` reference list.
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('details', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('open').check(sql`status IN ('open', 'resolved', 'dismissed')`),
    )
    .addColumn('action_taken', 'text')
    .addColumn('reviewer_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'red_flags_reviewed',
      sql`(status = 'open') = (reviewed_at IS NULL AND reviewer_id IS NULL)`,
    )
    .execute();
  await db.schema.createIndex('red_flags_queue').on('red_flags').columns(['status', 'created_at']).execute();

  // Money is integer cents; a percent coupon's amount is whole percent points.
  await db.schema
    .createTable('coupons')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().check(sql`code ~ '^[A-Za-z0-9_-]{3,32}$'`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('percent', 'fixed')`))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('min_subtotal_cents', 'integer', (c) =>
      c.notNull().defaultTo(0).check(sql`min_subtotal_cents >= 0`),
    )
    .addColumn('starts_at', 'timestamptz')
    .addColumn('ends_at', 'timestamptz')
    .addColumn('max_redemptions', 'integer', (c) => c.check(sql`max_redemptions > 0`))
    .addColumn('redemptions_count', 'integer', (c) =>
      c.notNull().defaultTo(0).check(sql`redemptions_count >= 0`),
    )
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('coupons_percent_range', sql`kind <> 'percent' OR amount <= 100`)
    .addCheckConstraint('coupons_window', sql`starts_at IS NULL OR ends_at IS NULL OR ends_at > starts_at`)
    .addCheckConstraint(
      'coupons_redemption_cap',
      sql`max_redemptions IS NULL OR redemptions_count <= max_redemptions`,
    )
    .execute();
  await sql`CREATE UNIQUE INDEX coupons_code_unique ON coupons (lower(code))`.execute(db);

  // Results of the built-in health checks (the /admin/tests screen), kept as history.
  await db.schema
    .createTable('health_check_runs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('started_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('pass', 'fail', 'partial')`))
    .addColumn('results', 'jsonb', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // The security screen groups failed sign-ins; the rate-limit view filters on reason.
  await db.schema
    .createIndex('sign_in_attempts_failed')
    .on('sign_in_attempts')
    .columns(['succeeded', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sign_in_attempts_failed').ifExists().execute();
  for (const t of ['health_check_runs', 'coupons', 'red_flags']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
