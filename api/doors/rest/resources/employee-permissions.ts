import type { Db } from '../../../../db/client';
import { permissionsFor, ROLE_PERMISSIONS } from '../../../contract/permissions';
import { NotFoundError } from '../../../modules/errors';
import { parseId } from '../../../modules/lists/list-spec';
import { setEmployeePermissions } from '../../../modules/staff/employees';
import { employeePermissionsInput } from '../../../modules/staff/schema';
import { readBody } from '../lists/simple-rest';
import type { RestResource } from '../router';

/**
 * An employee's extra grants (MANAGE_PERMISSIONS): what the role gives, what is granted on top,
 * and the effective set. PUT {extra_permissions} replaces the extra grants.
 */
async function grantsOf(db: Db, userId: number) {
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

const spec = { resource: 'employee-permissions' };

export const employeePermissions: RestResource = {
  name: 'employee-permissions',
  handlers: {
    getOne: async (c) => c.json(await grantsOf(c.get('db'), parseId(spec, c.req.param('id')!) as number)),
    update: async (c) => {
      const id = parseId(spec, c.req.param('id')!) as number;
      const input = await readBody(c, employeePermissionsInput);
      await setEmployeePermissions(c.get('db'), id, input.extra_permissions, c.get('actor'));
      return c.json(await grantsOf(c.get('db'), id));
    },
  },
};
