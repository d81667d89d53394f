import type { Db } from '../../../db/client';
import type { StaffRole } from '../../../db/schema';
import { type Permission, permissionsFor } from '../../contract/permissions';

export interface StaffAccess {
  role: StaffRole;
  department: string;
  title: string;
  permissions: Permission[];
  isSuperAdmin: boolean;
  /**
   * The session has not proven a second factor: staff keep their role but hold no permission
   * until it has (docs/decisions/0040-staff-two-factor-sign-in.md), so every guard refuses them.
   */
  secondFactorMissing: boolean;
}

/** What staff without a second factor are told by every staff door (tRPC, REST). */
export const SECOND_FACTOR_REQUIRED_MESSAGE =
  'Staff must sign in with two-factor authentication. Set it up in the console at /admin, then try again.';

/** Whether the caller's session proved a second factor (c.var.secondFactor). */
export interface SessionFactor {
  secondFactor: boolean;
}

/** The permissions a staff role grants in this session: none until it proved a second factor. */
export function sessionPermissions(
  role: StaffRole,
  extraPermissions: readonly string[],
  session: SessionFactor,
): Permission[] {
  return session.secondFactor ? permissionsFor(role, extraPermissions) : [];
}

/**
 * The staff role and effective permissions of a user in this session, or null for members who
 * are not staff. A staff session without a second factor gets no permission at all.
 */
export async function loadStaffAccess(
  db: Db,
  userId: number,
  session: SessionFactor,
): Promise<StaffAccess | null> {
  const row = await db
    .selectFrom('staff_members')
    .innerJoin('users', 'users.id', 'staff_members.user_id')
    .select([
      'staff_members.role',
      'staff_members.department',
      'staff_members.title',
      'staff_members.extra_permissions',
    ])
    .where('staff_members.user_id', '=', userId)
    .where('users.is_admin', '=', true)
    .where('users.blocked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const secondFactorMissing = !session.secondFactor;
  return {
    role: row.role,
    department: row.department,
    title: row.title,
    permissions: sessionPermissions(row.role, row.extra_permissions, session),
    isSuperAdmin: row.role === 'SUPER_ADMIN' && !secondFactorMissing,
    secondFactorMissing,
  };
}

export type PermissionRequirement =
  | { kind: 'one'; permissions: [Permission] }
  | { kind: 'any'; permissions: Permission[] }
  | { kind: 'all'; permissions: Permission[] };

export function satisfies(granted: readonly Permission[], requirement: PermissionRequirement): boolean {
  const has = (p: Permission) => granted.includes(p);
  return requirement.kind === 'any' ? requirement.permissions.some(has) : requirement.permissions.every(has);
}
