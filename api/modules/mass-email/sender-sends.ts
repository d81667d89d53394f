import type { Db } from '../../../db/client';

/**
 * A member's own recent sends to one kind of audience, newest first, with progress: the candidate's
 * emails to followers and donors, to a saved list, a host's emails to a shift. The page shows the
 * last twenty; the console lists every send.
 */
export function sendsBy(db: Db, senderId: number, audienceKind: string) {
  return db
    .selectFrom('mass_email_sends')
    .select([
      'id',
      'audience_label',
      'subject',
      'status',
      'total',
      'sent_count',
      'suppressed_count',
      'failed_count',
      'created_at',
    ])
    .where('audience_kind', '=', audienceKind)
    .where('created_by', '=', senderId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
}
