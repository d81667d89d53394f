import { useQuery } from './query-hooks/use-query';
import { trpc } from './trpc';

/** The reference lists are loaded once per page and never refetched on window focus (docs/product/spec.md §7). */
export function useReferenceOptions() {
  return useQuery({
    queryKey: ['shOptions.values'],
    queryFn: () => trpc.shOptions.values.query(),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
