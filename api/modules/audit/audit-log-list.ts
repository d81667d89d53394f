import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { rowId } from '../bounds';
import { containsPattern, defineList } from '../lists/list-spec';

/** The audit log, read-only: filter by actor, action, target and date. */
const day = z.iso.date().or(z.iso.datetime({ offset: true }));
const filters = {
  actor_id: rowId.optional(),
  actor: z.string().trim().max(254).optional(),
  action: z.string().trim().max(80).optional(),
  target_type: z.string().trim().max(80).optional(),
  target_id: z.string().trim().max(200).optional(),
  from: day.optional(),
  to: day.optional(),
};
type Filter = {
  actor_id?: number;
  actor?: string;
  action?: string;
  target_type?: string;
  target_id?: string;
  from?: string;
  to?: string;
};

/** A bare date as `to` means "through the end of that day". */
const endOf = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(Date.parse(value) + 86_400_000) : new Date(value);

function auditRows(db: Db, filter: Filter) {
  let query = db
    .selectFrom('audit_logs as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select([
      // bigserial: float8 keeps it a JSON number on both engines (exact up to 2^53).
      sql<number>`a.id::float8`.as('id'),
      'a.actor_id',
      sql<string | null>`nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')`.as(
        'actor_name',
      ),
      'u.email as actor_email',
      'a.action',
      'a.target_type',
      'a.target_id',
      'a.before',
      'a.after',
      'a.ip',
      'a.created_at',
    ]);
  if (filter.actor_id) query = query.where('a.actor_id', '=', filter.actor_id);
  if (filter.actor) {
    const like = containsPattern(filter.actor);
    query = query.where((eb) =>
      eb.or([
        eb('u.email', 'ilike', like),
        eb(sql`coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')`, 'ilike', like),
      ]),
    );
  }
  if (filter.action) query = query.where('a.action', 'ilike', containsPattern(filter.action));
  if (filter.target_type) query = query.where('a.target_type', '=', filter.target_type);
  if (filter.target_id) query = query.where('a.target_id', '=', filter.target_id);
  if (filter.from) query = query.where('a.created_at', '>=', new Date(filter.from));
  if (filter.to) query = query.where('a.created_at', '<', endOf(filter.to));
  return query;
}

export const auditLogsSpec = defineList({
  resource: 'audit-logs',
  sortable: ['id', 'created_at', 'action', 'target_type'],
  defaultSort: ['created_at', 'DESC'],
  filters,
  rows: auditRows,
  id: { column: 'id', type: 'bigint' },
});
