import type { Db } from '../../../db/client';
import { permissionsFor, ROLE_PERMISSIONS } from '../../contract/permissions';
import { NotFoundError } from '../errors';

/**
 * An employee's extra grants (MANAGE_PERMISSIONS): what the role gives, what is granted on top,
 * and the effective set.
 */
export async function employeeGrants(db: Db, userId: number) {
  const row = await db
    .selectFrom('staff_members')
    .select(['user_id', 'role', 'extra_permissions'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(`No employee ${userId}.`);
  return {
    id: row.user_id,
    role: row.role,
    role_permissions: ROLE_PERMISSIONS[row.role],
    extra_permissions: row.extra_permissions,
    effective_permissions: permissionsFor(row.role, row.extra_permissions),
  };
}
