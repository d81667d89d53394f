import { lazy } from 'react';
import { CONSOLE_SCREEN_ENTRIES } from '../../../api/contract/console-screens';
import type { ConsoleScreen } from '../screen';

/** One placeholder chunk for every screen whose data arrives with a later issue. */
const ComingSoon = lazy(() => import('./ComingSoon'));

/**
 * Generated from api/contract/console-screens.ts: every 'coming-soon' sidebar item gets the placeholder,
 * so turning one 'ready' there removes it here and the screen-list test asks for its folder.
 */
const comingSoon: readonly ConsoleScreen[] = CONSOLE_SCREEN_ENTRIES.filter(
  (s) => s.status === 'coming-soon',
).map((s): ConsoleScreen => ({ kind: 'route', name: s.path.replace(/^\/admin\//, ''), list: ComingSoon }));
export default comingSoon;
