import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { defineList } from '../lists/list-spec';
import { RED_FLAG_STATUSES, RED_FLAG_TARGETS } from './service';

/** The review queue of member reports, with the reporter's and reviewer's names and the reason's label. */
const filters = {
  status: z.enum(RED_FLAG_STATUSES).optional(),
  target_type: z.enum(RED_FLAG_TARGETS).optional(),
  reason: z.string().trim().max(80).optional(),
};

const nameOf = (alias: 'r' | 'v') =>
  sql<
    string | null
  >`CASE WHEN ${sql.ref(`${alias}.kind`)} = 'organization' THEN ${sql.ref(`${alias}.org_name`)}
    ELSE nullif(trim(coalesce(${sql.ref(`${alias}.first_name`)}, '') || ' ' || coalesce(${sql.ref(`${alias}.last_name`)}, '')), '') END`;

function redFlagRows(db: Db, filter: { status?: string; target_type?: string; reason?: string }) {
  let query = db
    .selectFrom('red_flags as f')
    .leftJoin('users as r', 'r.id', 'f.reporter_id')
    .leftJoin('users as v', 'v.id', 'f.reviewer_id')
    .leftJoin('reference_options as o', (join) =>
      join.on('o.list_name', '=', 'report').onRef('o.value', '=', 'f.reason'),
    )
    .select([
      'f.id',
      'f.reporter_id',
      nameOf('r').as('reporter_name'),
      'f.target_type',
      'f.target_id',
      'f.reason',
      sql<string>`coalesce(o.label, f.reason)`.as('reason_label'),
      'f.details',
      'f.status',
      'f.action_taken',
      'f.reviewer_id',
      nameOf('v').as('reviewer_name'),
      'f.reviewed_at',
      'f.created_at',
    ]);
  if (filter.status) query = query.where('f.status', '=', filter.status as never);
  if (filter.target_type) query = query.where('f.target_type', '=', filter.target_type as never);
  if (filter.reason) query = query.where('f.reason', '=', filter.reason);
  return query;
}

export const redFlagsSpec = defineList({
  resource: 'red-flags',
  sortable: ['id', 'created_at', 'status', 'reason', 'target_type', 'reviewed_at'],
  defaultSort: ['created_at', 'DESC'],
  filters,
  rows: redFlagRows,
});
