import { parseId } from '../../../modules/lists/list-spec';
import { employeeGrants } from '../../../modules/staff/employee-grants';
import { setEmployeePermissions } from '../../../modules/staff/employees';
import { employeePermissionsInput } from '../../../modules/staff/schema';
import { readBody } from '../lists/simple-rest';
import type { RestResource } from '../router';

/**
 * An employee's extra grants (MANAGE_PERMISSIONS; api/modules/staff/employee-grants.ts).
 * PUT {extra_permissions} replaces the extra grants.
 */
const spec = { resource: 'employee-permissions' };

export const employeePermissions: RestResource = {
  name: 'employee-permissions',
  handlers: {
    getOne: async (c) =>
      c.json(await employeeGrants(c.get('db'), parseId(spec, c.req.param('id')!) as number)),
    update: async (c) => {
      const id = parseId(spec, c.req.param('id')!) as number;
      const input = await readBody(c, employeePermissionsInput);
      await setEmployeePermissions(c.get('db'), id, input.extra_permissions, c.get('actor'));
      return c.json(await employeeGrants(c.get('db'), id));
    },
  },
};
