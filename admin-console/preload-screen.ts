import { matchPath } from 'react-router-dom';
import { CONSOLE_SCREENS } from './screen-list';
import type { LazyScreen } from './screens/lazy-screen';
import { type ConsoleScreen, screenPath } from './screens/screen';

/** The page `pathname` opens within `screen`, by the paths App.tsx registers for it, or null. */
function pageOf(screen: ConsoleScreen, pathname: string): LazyScreen | null {
  const path = screenPath(screen);
  if (screen.kind !== 'resource') return matchPath(path, pathname) ? screen.list : null;
  if (matchPath(`${path}/create`, pathname)) return screen.create ?? null;
  if (matchPath(path, pathname)) return screen.list;
  if (matchPath(`${path}/:id`, pathname)) return screen.edit ?? null;
  return null;
}

/** The console page that opens at `pathname` (a path under /admin), or null when none does. */
export function screenPageAt(pathname: string): LazyScreen | null {
  for (const screen of CONSOLE_SCREENS) {
    const page = pageOf(screen, pathname);
    if (page) return page;
  }
  return null;
}

/**
 * Starts loading the chunk of the page being opened (docs/decisions/0064-console-boot-in-parallel.md).
 * A failure is left to the render, which loads again and shows it.
 */
export function preloadScreenAt(pathname: string): void {
  screenPageAt(pathname)
    ?.preload()
    .catch(() => {});
}
