// biome-ignore lint/style/noRestrictedImports: the one module that hands React Query's useInfiniteQuery to browser code.
import { useInfiniteQuery as useInfiniteQueryInBrowser } from '@tanstack/react-query';
import { serverQueryHooks } from './server-slot';

/** React Query's useInfiniteQuery; on the server, one that builds no observer (./server-slot.ts). */
export const useInfiniteQuery = ((...args: Parameters<typeof useInfiniteQueryInBrowser>) =>
  (serverQueryHooks.current?.useInfiniteQuery ?? useInfiniteQueryInBrowser)(
    ...args,
  )) as typeof useInfiniteQueryInBrowser;
