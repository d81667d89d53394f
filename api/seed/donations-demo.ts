import { sql } from 'kysely';
import type { Db } from '../../db/client';

/** The demo candidate whose donation page is /donate/marisol-grant. */
export const DEMO_CANDIDATE_HANDLE = 'marisol-grant';

/**
 * Election dates for the demo candidate, so her donation page takes gifts (docs/decisions/0021):
 * a primary 90 days and a general 250 days after the first seed. Never overwrites dates already
 * set (by the candidate on the campaign dashboard, or an earlier seed). Returns whether it wrote.
 */
export async function seedDemoElections(trx: Db): Promise<boolean> {
  const written = await trx
    .insertInto('candidate_elections')
    .columns(['candidate_id', 'primary_on', 'general_on'])
    .expression(
      trx
        .selectFrom('users')
        .select([
          'id',
          sql<string>`current_date + 90`.as('primary_on'),
          sql<string>`current_date + 250`.as('general_on'),
        ])
        .where('handle', '=', DEMO_CANDIDATE_HANDLE)
        .where('is_candidate', '=', true),
    )
    .onConflict((oc) => oc.column('candidate_id').doNothing())
    .returning('candidate_id')
    .execute();
  return written.length > 0;
}
