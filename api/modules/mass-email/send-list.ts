import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { defineList } from '../lists/list-spec';
import { sendClicksSql, sendGiftsSql } from './send-report';

/**
 * The console's mass email sends (docs/decisions/0022-mass-email.md, 0032): a send's row with its
 * progress and report, and the list of every send (GOTV, donor emails, candidates' emails).
 */
export function massEmailSendRows(db: Db) {
  return db
    .selectFrom('mass_email_sends as m')
    .leftJoin('users as u', 'u.id', 'm.created_by')
    .select([
      'm.id',
      'm.audience_kind',
      'm.audience_label',
      'm.subject',
      'm.body',
      'm.from_name',
      'm.status',
      'm.total',
      'm.sent_count',
      'm.suppressed_count',
      'm.failed_count',
      'm.created_at',
      'm.finished_at',
      sql<string | null>`nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')`.as(
        'created_by_name',
      ),
      // The report's totals (send-report.ts): clicks on its links, gifts through its refcode.
      sendClicksSql('m.id').as('clicks'),
      sendGiftsSql('m.id', 'count').as('gifts'),
      sendGiftsSql('m.id', 'cents').as('gift_cents'),
    ]);
}

/** Every send, newest first by default; filtered by audience kind when asked. */
export const massEmailsSpec = defineList({
  resource: 'mass-emails',
  sortable: ['id', 'created_at', 'status'],
  defaultSort: ['created_at', 'DESC'],
  filters: { audience_kind: z.string().max(40).optional() },
  rows: (db, filter) => {
    const rows = massEmailSendRows(db);
    return filter.audience_kind === undefined
      ? rows
      : rows.where('m.audience_kind', '=', filter.audience_kind);
  },
});
