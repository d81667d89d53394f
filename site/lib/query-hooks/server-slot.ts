// biome-ignore lint/style/noRestrictedImports: their types only, to type the server's hooks.
import type { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';

/** The hooks the server renders islands with (site/server/server-query-hooks.ts). */
export interface ServerQueryHooks {
  useQuery: typeof useQuery;
  useInfiniteQuery: typeof useInfiniteQuery;
  useMutation: typeof useMutation;
}

/**
 * Empty in the browser, where islands use React Query's own hooks. The server fills it when it
 * loads site/server/Island.tsx, before any island renders, and never changes it afterwards: every
 * render of a component calls the same hooks in the same order
 * (docs/decisions/0056-inert-query-hooks-on-the-server.md).
 */
export const serverQueryHooks: { current: ServerQueryHooks | null } = { current: null };
