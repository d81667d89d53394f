import { type ButtonHTMLAttributes, useId } from 'react';
import type { Permission } from '../../api/contract/permissions';

export interface GuardedButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  permission: Permission;
  /** Whether the user holds `permission`. */
  allowed: boolean;
}

/**
 * A button that needs a staff permission (docs/product/spec.md §6). Without it the button is disabled
 * with the tooltip 'Requires {permission} permission': in `title`, and shown on hover and on
 * keyboard focus of the wrapper, since a disabled button itself cannot take focus.
 */
export function GuardedButton({
  permission,
  allowed,
  children,
  type = 'button',
  ...rest
}: GuardedButtonProps) {
  const tooltipId = useId();
  if (allowed) {
    return (
      <button type={type} {...rest}>
        {children}
      </button>
    );
  }
  const tooltip = `Requires ${permission} permission`;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the wrapper is how keyboard users reach the tooltip of a disabled button.
    <span className="guarded" tabIndex={0} aria-describedby={tooltipId}>
      <button type={type} {...rest} onClick={undefined} disabled aria-disabled="true" title={tooltip}>
        {children}
      </button>
      <span className="guarded__tooltip" role="tooltip" id={tooltipId}>
        {tooltip}
      </span>
    </span>
  );
}
