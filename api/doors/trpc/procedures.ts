import { TRPCError } from '@trpc/server';
import { type Permission, permissionDisplayName } from '../../contract/permissions';
import {
  type PermissionRequirement,
  SECOND_FACTOR_REQUIRED_MESSAGE,
  satisfies,
} from '../../modules/staff/access';
import { baseProcedure } from './init';

/** Anyone, signed in or not. */
export const publicProcedure = baseProcedure;

/** A signed-in member; visitors get UNAUTHORIZED. */
export const memberProcedure = baseProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/**
 * A staff member whose role and grants satisfy the requirement; others get FORBIDDEN with
 * the wording of docs/product/spec.md §6. The guard runs before input parsing, so a refused caller learns nothing
 * about the input's shape.
 */
function guarded(requirement: PermissionRequirement) {
  return memberProcedure.meta({ access: requirement }).use(async ({ ctx, next }) => {
    const staff = await ctx.staff();
    if (staff?.secondFactorMissing)
      throw new TRPCError({ code: 'FORBIDDEN', message: SECOND_FACTOR_REQUIRED_MESSAGE });
    if (!staff || !satisfies(staff.permissions, requirement)) {
      const names = requirement.permissions
        .map(permissionDisplayName)
        .join(requirement.kind === 'any' ? ' or ' : ' and ');
      throw new TRPCError({
        code: 'FORBIDDEN',
        message: `You need the ${names} permission to view this content.`,
      });
    }
    return next({ ctx: { ...ctx, staff } });
  });
}

export const requirePermission = (permission: Permission) =>
  guarded({ kind: 'one', permissions: [permission] });
export const requireAnyPermission = (...permissions: Permission[]) => guarded({ kind: 'any', permissions });
export const requireAllPermissions = (...permissions: Permission[]) => guarded({ kind: 'all', permissions });
