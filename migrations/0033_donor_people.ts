import { type Kysely, sql } from 'kysely';

/**
 * Donor rows that turned out to be one person (docs/decisions/0069-donations-one-identity-rule.md):
 * a gift whose email matches one row and whose name and ZIP match another says they are the same
 * person, so the limit counts both. Each row points at its person's first row (NULL: it is that
 * row); the gifts and ledger rows stay on the donor they were made by, so nothing is moved.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE donors ADD COLUMN person_id integer REFERENCES donors (id)`.execute(db);
  await sql`CREATE INDEX donors_person ON donors (person_id) WHERE person_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS donors_person`.execute(db);
  await sql`ALTER TABLE donors DROP COLUMN IF EXISTS person_id`.execute(db);
}
