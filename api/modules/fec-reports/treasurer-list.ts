import type { Db } from '../../../db/client';

/** The members a candidate has named treasurer and not revoked, with their sign-in emails. */
export function liveTreasurers(db: Db, candidateId: number) {
  return db
    .selectFrom('campaign_treasurers as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.id',
      't.user_id as userId',
      'u.email',
      'u.first_name as firstName',
      'u.last_name as lastName',
      't.named_at as namedAt',
    ])
    .where('t.candidate_id', '=', candidateId)
    .where('t.revoked_at', 'is', null)
    .orderBy('t.named_at')
    .execute();
}
