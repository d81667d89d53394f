import { QueryClient } from '@tanstack/react-query';

/**
 * One client for every island on the page. React Query's defaults (3 retries, backoff capped
 * at 30 s, 5-minute cache) are the data-fetching defaults of docs/product/spec.md §9, so none are overridden here.
 */
export const queryClient = new QueryClient();
