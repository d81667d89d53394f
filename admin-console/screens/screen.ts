import type { ComponentType } from 'react';
import { screenForPath } from '../../api/contract/console-screens';
import type { Permission } from '../../api/contract/permissions';
import type { LazyScreen } from './lazy-screen';

/**
 * One console screen, the shape every `screens/<folder>/index.ts` exports (after the react-admin
 * demo's `{ list, edit, icon }`). App.tsx registers each one from this alone; its guard comes from
 * api/contract/console-screens.ts by path, so the sidebar, the guard and the server's 404 share one list.
 * The pages are lazy (`lazyScreen`): an index must not import a screen statically, or the screen's code
 * would join the console's first download.
 */
export interface ConsoleScreen {
  /**
   * - 'resource': a react-admin `<Resource>` backed by the REST resource `name`
   *   (list at /admin/<name>, edit at /admin/<name>/:id, create at /admin/<name>/create);
   * - 'route': a custom route at /admin/<name> that is no REST resource (only `list` is used);
   * - 'dashboard': the home screen at /admin (react-admin's dashboard; `name` is '').
   */
  kind: 'resource' | 'route' | 'dashboard';
  /** The REST resource name, or for a route the path under /admin ('revenues/merchandise/:id'). */
  name: string;
  /** The page at the screen's path. */
  list: LazyScreen;
  edit?: LazyScreen;
  create?: LazyScreen;
  /** react-admin's resource icon; the sidebar (layout/AdminMenu.tsx) shows labels only. */
  icon?: ComponentType;
  /** Only where editing needs more than viewing (employees: MANAGE_EMPLOYEES). */
  editPermission?: Permission;
}

/** The screen's full path: '/admin' for the home screen, else '/admin/<name>'. */
export function screenPath(screen: ConsoleScreen): string {
  return screen.kind === 'dashboard' ? '/admin' : `/admin/${screen.name}`;
}

/**
 * The permission that guards the screen: that of its sidebar entry, or of the entry its path extends
 * (an order at /admin/revenues/merchandise/:id needs what the merchandise screen needs).
 */
export function permissionOf(screen: ConsoleScreen): Permission {
  const path = screenPath(screen);
  const entry = screenForPath(path);
  if (!entry) throw new Error(`${path} is not in api/contract/console-screens.ts`);
  return entry.permission;
}
