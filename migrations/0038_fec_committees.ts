import { type Kysely, sql } from 'kysely';

/**
 * Filing-ready FEC reports (docs/decisions/0090-fec-reports.md).
 *
 * - fec_committees: a candidate's principal campaign committee as the FEC knows it (one per
 *   candidate): the committee's ID, name and address, the candidate's FEC ID, office, state and
 *   district, the treasurer's name, and the time zone its days are counted in (null: the
 *   candidate's state's). The formats are the zod schema's; the CHECKs repeat the ones a bad row
 *   would make a file the FEC refuses.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fec_committees')
    .addColumn('candidate_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('committee_id', 'text', (c) => c.notNull().check(sql`committee_id ~ '^C[0-9]{8}$'`))
    .addColumn('committee_name', 'text', (c) => c.notNull())
    .addColumn('street_1', 'text', (c) => c.notNull())
    .addColumn('street_2', 'text')
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state ~ '^[A-Z]{2}$'`))
    .addColumn('zip', 'text', (c) => c.notNull().check(sql`zip ~ '^[0-9]{5}([0-9]{4})?$'`))
    .addColumn('candidate_fec_id', 'text', (c) =>
      c.notNull().check(sql`candidate_fec_id ~ '^[HS][0-9][A-Z]{2}[0-9]{5}$'`),
    )
    .addColumn('office', 'text', (c) => c.notNull().check(sql`office IN ('H', 'S')`))
    .addColumn('election_state', 'text', (c) => c.notNull().check(sql`election_state ~ '^[A-Z]{2}$'`))
    .addColumn('election_district', 'text', (c) => c.check(sql`election_district ~ '^[0-9]{2}$'`))
    .addColumn('treasurer_first_name', 'text', (c) => c.notNull())
    .addColumn('treasurer_last_name', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'fec_committees_district_by_office',
      sql`(office = 'H') = (election_district IS NOT NULL)`,
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('fec_committees').ifExists().execute();
}
