import { QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactElement } from 'react';
import { queryClient } from './query-client';

/** Puts an island under the page's one QueryClient, so every island shares its cache. */
export function withQueryClient(tree: ReactElement): ReactElement {
  return createElement(QueryClientProvider, { client: queryClient }, tree);
}
