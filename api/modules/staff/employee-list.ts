import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { containsPattern, defineList } from '../lists/list-spec';
import { staffRole } from './schema';

/** The console's employees list: each staff member with their account's status and two-factor enrolment. */
const filters = {
  q: z.string().trim().max(100).optional(),
  role: staffRole.optional(),
  department: z.string().trim().max(80).optional(),
};

function employeeRows(db: Db, filter: { q?: string; role?: string; department?: string }) {
  let query = db
    .selectFrom('staff_members as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select((eb) => [
      's.user_id as id',
      sql<string>`trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, ''))`.as('name'),
      'u.email',
      's.role',
      's.department',
      's.title',
      's.extra_permissions',
      // Invited: the account has not chosen a password yet.
      sql<string>`CASE WHEN u.blocked_at IS NOT NULL THEN 'blocked' WHEN u.password_hash IS NULL THEN 'invited' ELSE 'active' END`.as(
        'status',
      ),
      's.created_at',
      // Two-factor sign-in confirmed with a code (docs/decisions/0040-staff-two-factor-sign-in.md).
      eb
        .exists(
          eb
            .selectFrom('two_factor_credentials as tf')
            .select('tf.user_id')
            .whereRef('tf.user_id', '=', 's.user_id')
            .where('tf.confirmed_at', 'is not', null),
        )
        .as('two_factor_enrolled'),
    ]);
  if (filter.q) {
    const like = containsPattern(filter.q);
    query = query.where((eb) =>
      eb.or([
        eb(sql`coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')`, 'ilike', like),
        eb('u.email', 'ilike', like),
      ]),
    );
  }
  if (filter.role) query = query.where('s.role', '=', filter.role as never);
  if (filter.department) query = query.where('s.department', 'ilike', containsPattern(filter.department));
  return query;
}

export const employeesSpec = defineList({
  resource: 'employees',
  sortable: ['id', 'name', 'email', 'role', 'department', 'title', 'status', 'created_at'],
  defaultSort: ['name', 'ASC'],
  filters,
  rows: employeeRows,
  csvColumns: [
    'id',
    'name',
    'email',
    'role',
    'department',
    'title',
    'status',
    'extra_permissions',
    'two_factor_enrolled',
    'created_at',
  ],
});
