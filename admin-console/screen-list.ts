import type { ConsoleScreen } from './screens/screen';

/**
 * Every console screen: whatever each `screens/<folder>/index.ts` exports by default (one screen
 * or several), read from the folders at build time, so adding a screen edits no list here. Its path
 * and permission come from api/contract/console-screens.ts; screens/screens.test.ts fails until every
 * entry there has exactly one screen.
 */
const folders = import.meta.glob<{ default: ConsoleScreen | readonly ConsoleScreen[] }>(
  './screens/*/index.ts',
  {
    eager: true,
  },
);

export const CONSOLE_SCREENS: readonly ConsoleScreen[] = Object.values(folders).flatMap(
  (folder) => folder.default,
);
