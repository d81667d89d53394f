import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { defineList } from '../lists/list-spec';

/** Feature toggles by name, with who switched each last. */
const filters = { enabled: z.boolean().optional() };

function toggleRows(db: Db, filter: { enabled?: boolean }) {
  let query = db
    .selectFrom('feature_toggles as t')
    .leftJoin('users as u', 'u.id', 't.updated_by')
    .select([
      't.name as id',
      't.name',
      't.enabled',
      't.description',
      't.updated_at',
      sql<string | null>`nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')`.as(
        'updated_by',
      ),
    ]);
  if (filter.enabled !== undefined) query = query.where('t.enabled', '=', filter.enabled);
  return query;
}

export const featureTogglesSpec = defineList({
  resource: 'feature-toggles',
  sortable: ['id', 'name', 'enabled', 'updated_at'],
  defaultSort: ['name', 'ASC'],
  filters,
  rows: toggleRows,
  id: { column: 'id', type: 'text' },
});
