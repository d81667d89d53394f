import { describe, expect, it } from 'vitest';
import type { Permission } from '../../contract/permissions';
import type { StaffAccess } from '../../modules/staff/access';
import type { TrpcContext } from './context';
import { createCallerFactory, router } from './init';
import { requireAllPermissions, requireAnyPermission } from './procedures';

/**
 * The spec's two combined guards (docs/product/spec.md §6): any one of several permissions, or all
 * of them. Each refuses with the spec's wording, naming the permissions it wanted.
 */
const guardedRouter = router({
  eitherReport: requireAnyPermission('VIEW_COUPONS', 'VIEW_AFFILIATES').query(() => 'shown'),
  bothReports: requireAllPermissions('VIEW_COUPONS', 'VIEW_AFFILIATES').query(() => 'shown'),
});

function callerWith(permissions: Permission[]) {
  const staff: StaffAccess = {
    role: 'SUPPORT',
    department: 'Support',
    title: 'Agent',
    permissions,
    isSuperAdmin: false,
    secondFactorMissing: false,
  };
  const context = {
    user: {
      id: 7,
      name: 'Sam Staff',
      orgname: null,
      role: 'individual',
      vendor: false,
      candidate: false,
      admin: false,
    },
    staff: async () => staff,
  } as unknown as TrpcContext;
  return createCallerFactory(guardedRouter)(context);
}

describe('requireAnyPermission', () => {
  it('admits a caller holding one of the permissions', async () => {
    expect(await callerWith(['VIEW_AFFILIATES']).eitherReport()).toBe('shown');
  });

  it('refuses a caller holding none, naming each permission', async () => {
    await expect(callerWith(['VIEW_PAID_USERS']).eitherReport()).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'You need the View Coupons or View Affiliates permission to view this content.',
    });
  });
});

describe('requireAllPermissions', () => {
  it('admits a caller holding every permission', async () => {
    expect(await callerWith(['VIEW_COUPONS', 'VIEW_AFFILIATES']).bothReports()).toBe('shown');
  });

  it('refuses a caller missing one of them', async () => {
    await expect(callerWith(['VIEW_COUPONS']).bothReports()).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'You need the View Coupons and View Affiliates permission to view this content.',
    });
  });
});
