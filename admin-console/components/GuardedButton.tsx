import { Button, type ButtonProps, Tooltip } from '@mui/material';
import type { Permission } from '../../api/contract/permissions';
import { useHasPermission } from '../layout/RequirePermission';

/**
 * docs/product/spec.md §6: a button that needs a permission is disabled, with the tooltip
 * 'Requires {permission} permission', for those who do not hold it.
 */
export function GuardedButton({ permission, ...props }: ButtonProps & { permission: Permission }) {
  const allowed = useHasPermission(permission);
  if (allowed) return <Button {...props} />;
  const tooltip = `Requires ${permission} permission`;
  return (
    <Tooltip title={tooltip} describeChild>
      {/* A disabled button takes no pointer events: the wrapper shows the tooltip on hover. */}
      <span>
        <Button {...props} disabled onClick={undefined} title={tooltip} />
      </span>
    </Tooltip>
  );
}
