import { oneRecord } from '../../../modules/lists/list-rows';
import { parseId } from '../../../modules/lists/list-spec';
import { employeesSpec } from '../../../modules/staff/employee-list';
import { registerEmployee, resetEmployeeTwoFactor, updateEmployee } from '../../../modules/staff/employees';
import {
  registerEmployeeInput,
  twoFactorResetInput,
  updateEmployeeInput,
} from '../../../modules/staff/schema';
import { listResponse, readBody } from '../lists/simple-rest';
import type { RestResource } from '../router';

export const employees: RestResource = {
  name: 'employees',
  handlers: {
    list: (c) => listResponse(c, c.get('db'), employeesSpec),
    getOne: async (c) => c.json(await oneRecord(c.get('db'), employeesSpec, c.req.param('id')!)),
    create: async (c) => {
      const input = await readBody(c, registerEmployeeInput);
      const { id } = await registerEmployee(
        { db: c.get('db'), email: c.get('email'), appUrl: c.get('config').appUrl },
        input,
        c.get('actor'),
      );
      return c.json(await oneRecord(c.get('db'), employeesSpec, String(id)), 201);
    },
    update: async (c) => {
      const id = parseId(employeesSpec, c.req.param('id')!) as number;
      await updateEmployee(c.get('db'), id, await readBody(c, updateEmployeeInput), c.get('actor'));
      return c.json(await oneRecord(c.get('db'), employeesSpec, String(id)));
    },
  },
};

/**
 * POST {user_id} (MANAGE_EMPLOYEES): resets another employee's two-factor sign-in, for one who
 * lost their authenticator and recovery codes (docs/decisions/0040-staff-two-factor-sign-in.md).
 * Answers the employee as the list shows them, now not enrolled.
 */
export const employeeTwoFactorResets: RestResource = {
  name: 'employee-two-factor-resets',
  handlers: {
    create: async (c) => {
      const { user_id } = await readBody(c, twoFactorResetInput);
      const { sessionsEnded } = await resetEmployeeTwoFactor(c.get('db'), user_id, c.get('actor'));
      const employee = await oneRecord(c.get('db'), employeesSpec, String(user_id));
      return c.json({ ...employee, sessions_ended: sessionsEnded }, 201);
    },
  },
};
