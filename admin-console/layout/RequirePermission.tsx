import { type ComponentType, type ReactNode, Suspense } from 'react';
import { usePermissions } from 'react-admin';
import type { Permission } from '../../api/contract/permissions';
import { AccessDenied } from './AccessDenied';
import { Loading } from './Loading';

/** The permissions of the signed-in staff member (empty while loading or on failure). */
export function useStaffPermissions(): { permissions: Permission[]; isPending: boolean } {
  const { permissions, isPending } = usePermissions<Permission[]>();
  return { permissions: permissions ?? [], isPending };
}

export function useHasPermission(permission: Permission): boolean {
  return useStaffPermissions().permissions.includes(permission);
}

/**
 * Shows the screen only to holders of `permission`; others see Access Denied. While the
 * permissions load, and while the screen's own chunk loads, 'Loading...'.
 */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { permissions, isPending } = useStaffPermissions();
  if (isPending) return <Loading />;
  if (!permissions.includes(permission)) return <AccessDenied permission={permission} />;
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
}

/** A route element for a lazily loaded screen behind a permission. */
export function guarded(permission: Permission, Screen: ComponentType) {
  const Guarded = () => (
    <RequirePermission permission={permission}>
      <Screen />
    </RequirePermission>
  );
  Guarded.displayName = `Guarded(${permission})`;
  return Guarded;
}
