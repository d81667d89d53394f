import { z } from 'zod';
import { PERMISSIONS, STAFF_ROLES } from '../../contract/permissions';
import { emailSchema } from '../accounts/schema';

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `Please enter the ${label}.`)
    .max(max, `The ${label} can be at most ${max} characters.`);

export const staffRole = z.enum(STAFF_ROLES, 'Please choose a staff role.');

export const registerEmployeeInput = z.object({
  email: emailSchema,
  first_name: text('first name', 80),
  last_name: text('last name', 80),
  role: staffRole,
  department: text('department', 80),
  title: text('title', 80),
});
export type RegisterEmployeeInput = z.infer<typeof registerEmployeeInput>;

/** Role, department and title; other fields of the edit form are ignored. */
export const updateEmployeeInput = z.object({
  role: staffRole.optional(),
  department: text('department', 80).optional(),
  title: text('title', 80).optional(),
});
export type UpdateEmployeeInput = z.infer<typeof updateEmployeeInput>;

export const employeePermissionsInput = z.object({
  extra_permissions: z.array(z.enum(PERMISSIONS, 'Unknown permission.')).max(PERMISSIONS.length),
});

/** POST body of `employee-two-factor-resets` (MANAGE_EMPLOYEES): whose two-factor sign-in to reset. */
export const twoFactorResetInput = z.strictObject({
  user_id: z.number('Choose the employee.').int().positive().max(2_147_483_647),
});
