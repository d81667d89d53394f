import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryClient } from './query-client';
import { useQuery } from './query-hooks/use-query';
import { trpc } from './trpc';

type People = Awaited<ReturnType<typeof trpc.users.searchUsersByName.query>>;

/** What the search box shows for `query`: the people found, and whether the answer is final. */
export interface PeopleSearchAnswer {
  query: string;
  people: People | undefined;
  settled: boolean;
}

/**
 * The header search box's data client: react-query (the page's one QueryClient, so docs/product/spec.md §9's
 * retries and cache apply) over the tRPC client. It renders nothing and reports each answer up.
 * site/islands/search-box/SearchBoxCombobox.tsx loads it on the box's first focus or key, so a page whose visitor never
 * searches does not download react-query, tRPC or superjson (docs/decisions/0027-javascript-weight.md).
 */
export default function PeopleSearchQuery(props: {
  query: string;
  onAnswer: (answer: PeopleSearchAnswer) => void;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <Query {...props} />
    </QueryClientProvider>
  );
}

function Query({ query, onAnswer }: { query: string; onAnswer: (answer: PeopleSearchAnswer) => void }) {
  const search = useQuery({
    queryKey: ['users.searchUsersByName', query],
    queryFn: () => trpc.users.searchUsersByName.query({ query, currentUserId: null }),
    enabled: query !== '',
    staleTime: 60_000,
  });
  const settled = search.isFetched && !search.isFetching;
  useEffect(() => onAnswer({ query, people: search.data, settled }), [query, search.data, settled, onAnswer]);
  return null;
}
