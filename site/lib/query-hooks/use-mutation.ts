// biome-ignore lint/style/noRestrictedImports: the one module that hands React Query's useMutation to browser code.
import { useMutation as useMutationInBrowser } from '@tanstack/react-query';
import { serverQueryHooks } from './server-slot';

/** React Query's useMutation; on the server, one that answers its idle result (./server-slot.ts). */
export const useMutation = ((...args: Parameters<typeof useMutationInBrowser>) =>
  (serverQueryHooks.current?.useMutation ?? useMutationInBrowser)(...args)) as typeof useMutationInBrowser;
