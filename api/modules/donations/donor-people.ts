import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';

/**
 * Donor rows found to be one person share a person: the first row's id, which every other row of
 * the person names in person_id (docs/decisions/0069-donations-one-identity-rule.md). The person's
 * first row is also its lock: whatever raises a person's limit total holds it, so two gifts of one
 * person made through different donor rows wait for each other.
 */

type Executor = Kysely<Database> | Transaction<Database>;

/** The person a donor row belongs to: the first row's id. Read without a lock, for totals shown. */
export async function personOf(db: Executor, donorId: number): Promise<number> {
  const row = await db
    .selectFrom('donors')
    .select('person_id')
    .where('id', '=', donorId)
    .executeTakeFirstOrThrow();
  return row.person_id ?? donorId;
}

/**
 * Locks the person of a donor row until the transaction ends and returns it. A join that commits
 * while we wait moves the person, so the row we got is checked and, if it no longer heads a person,
 * we follow it.
 */
export async function lockPersonOf(trx: Transaction<Database>, donorId: number): Promise<number> {
  for (;;) {
    const person = await personOf(trx, donorId);
    const row = await trx
      .selectFrom('donors')
      .select('person_id')
      .where('id', '=', person)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (row.person_id === null) return person;
  }
}

/**
 * Makes the people of these donor rows one person, headed by the earliest row, and returns it.
 * Their first rows are locked in id order (so joins of overlapping people never deadlock) and every
 * row of a joined person is pointed at the head, so a row is never more than one step from it.
 */
export async function joinPeople(trx: Transaction<Database>, donorIds: number[]): Promise<number> {
  let people = await distinctPeople(trx, donorIds);
  for (;;) {
    const heads = await trx
      .selectFrom('donors')
      .select(['id', 'person_id'])
      .where('id', 'in', people)
      .orderBy('id')
      .forUpdate()
      .execute();
    if (heads.every((h) => h.person_id === null)) break;
    // Joined elsewhere while we waited: lock the people they joined instead.
    people = [...new Set(heads.map((h) => h.person_id ?? h.id))].sort((a, b) => a - b);
  }
  const [head, ...others] = people;
  if (head === undefined) throw new Error('joinPeople needs at least one donor');
  if (others.length > 0) {
    await trx
      .updateTable('donors')
      .set({ person_id: head })
      .where((eb) => eb.or([eb('id', 'in', others), eb('person_id', 'in', others)]))
      .execute();
  }
  return head;
}

async function distinctPeople(trx: Transaction<Database>, donorIds: number[]): Promise<number[]> {
  const rows = await trx
    .selectFrom('donors')
    .select(['id', 'person_id'])
    .where('id', 'in', [...new Set(donorIds)])
    .execute();
  return [...new Set(rows.map((r) => r.person_id ?? r.id))].sort((a, b) => a - b);
}
