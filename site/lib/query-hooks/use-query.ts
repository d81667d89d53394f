// biome-ignore lint/style/noRestrictedImports: the one module that hands React Query's useQuery to browser code.
import { useQuery as useQueryInBrowser } from '@tanstack/react-query';
import { serverQueryHooks } from './server-slot';

/** React Query's useQuery; on the server, one that builds no observer (./server-slot.ts). */
export const useQuery = ((...args: Parameters<typeof useQueryInBrowser>) =>
  (serverQueryHooks.current?.useQuery ?? useQueryInBrowser)(...args)) as typeof useQueryInBrowser;
