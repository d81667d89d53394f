import type { Db } from '../../../db/client';
import type { StaffRole } from '../../../db/schema';
import { type Permission, permissionsFor } from '../../contract/permissions';

export interface StaffAccess {
  role: StaffRole;
  department: string;
  title: string;
  permissions: Permission[];
  isSuperAdmin: boolean;
}

/** The staff role and effective permissions of a user, or null for members who are not staff. */
export async function loadStaffAccess(db: Db, userId: number): Promise<StaffAccess | null> {
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
  return {
    role: row.role,
    department: row.department,
    title: row.title,
    permissions: permissionsFor(row.role, row.extra_permissions),
    isSuperAdmin: row.role === 'SUPER_ADMIN',
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
