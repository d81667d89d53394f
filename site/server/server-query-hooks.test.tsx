// React Query's own hooks, to compare ours with.
import * as ReactQuery from '@tanstack/react-query';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverQueryHooks } from '../lib/query-hooks/server-slot';
import { useInfiniteQuery } from '../lib/query-hooks/use-infinite-query';
import { useMutation } from '../lib/query-hooks/use-mutation';
import { useQuery } from '../lib/query-hooks/use-query';
import { installServerQueryHooks } from './server-query-hooks';

/** What a hook answers while an island renders on the server (site/server/Island.tsx's client). */
function onTheServer(hook: () => unknown): Record<string, unknown> {
  const seen: { result: Record<string, unknown> } = { result: {} };
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  renderToString(createElement(QueryClientProvider, { client }, createElement(Probe, { hook, seen })));
  return seen.result;
}

function Probe({ hook, seen }: { hook: () => unknown; seen: { result: Record<string, unknown> } }) {
  seen.result = { ...(hook() as Record<string, unknown>) };
  return null;
}

/** Values compared as they are; functions by kind; the time stamp of initial data within the test. */
function comparable(result: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(result)
      .filter(([name]) => name !== 'promise')
      .map(([name, value]) => [
        name,
        typeof value === 'function' ? 'function' : name === 'dataUpdatedAt' ? value !== 0 : value,
      ]),
  );
}

const pages = { pageParams: [undefined], pages: [{ ids: [1] }] };
const queries: [string, Record<string, unknown>][] = [
  ['off by the server default', { queryKey: ['a'], queryFn: () => 1 }],
  ['turned on by its options', { queryKey: ['a'], queryFn: () => 1, enabled: true, retry: 1 }],
  ['turned off by its options', { queryKey: ['a', 2], queryFn: () => 1, enabled: false }],
  ['with initial data', { queryKey: ['c'], queryFn: () => [], initialData: [{ id: 1 }], staleTime: 5_000 }],
  ['with initial data, stale at once', { queryKey: ['c'], queryFn: () => [], initialData: 'x' }],
  ['with initial data from a function', { queryKey: ['c'], queryFn: () => 0, initialData: () => 7 }],
  [
    'with initial data and select',
    { queryKey: ['c'], queryFn: () => [], initialData: [3, 4], select: (d: number[]) => d.length },
  ],
  ['with placeholder data', { queryKey: ['p'], queryFn: () => 1, placeholderData: 5 }],
  ['refetched on an interval', { queryKey: ['o', [1, 2]], queryFn: () => 1, refetchInterval: 30_000 }],
];

/** site/server/server-query-hooks.ts: the server's hooks answer as React Query's own would, without observers. */
describe('query hooks on the server', () => {
  beforeAll(installServerQueryHooks);
  afterAll(() => {
    serverQueryHooks.current = null;
  });

  it('are installed in the slot the browser leaves empty', () => {
    expect(serverQueryHooks.current?.useQuery).not.toBe(ReactQuery.useQuery);
  });
  for (const [name, options] of queries) {
    it(`useQuery ${name}`, () => {
      const ours = onTheServer(() => useQuery(options as never));
      const theirs = onTheServer(() => ReactQuery.useQuery(options as never));
      expect(comparable(ours)).toEqual(comparable(theirs));
    });
  }

  for (const enabled of [undefined, true, false]) {
    it(`useInfiniteQuery, enabled ${enabled}`, () => {
      const options = {
        queryKey: ['thread', 1],
        queryFn: () => pages.pages[0],
        initialPageParam: undefined,
        getNextPageParam: () => undefined,
        ...(enabled === undefined ? {} : { enabled }),
      };
      const ours = onTheServer(() => useInfiniteQuery(options as never));
      const theirs = onTheServer(() => ReactQuery.useInfiniteQuery(options as never));
      expect(comparable(ours)).toEqual(comparable(theirs));
      expect(ours.hasNextPage).toBe(false);
    });
  }

  it('useMutation', () => {
    const options = { mutationFn: async (n: number) => n + 1 };
    const ours = onTheServer(() => useMutation(options));
    const theirs = onTheServer(() => ReactQuery.useMutation(options));
    expect(comparable(ours)).toEqual(comparable(theirs));
    expect(ours.status).toBe('idle');
  });

  it('hands out initial data as given, or selected', () => {
    expect(
      onTheServer(() => useQuery({ queryKey: ['c'], queryFn: () => [], initialData: [1, 2] })).data,
    ).toEqual([1, 2]);
    const selected = onTheServer(() =>
      useQuery({
        queryKey: ['c'],
        queryFn: () => [],
        initialData: [1, 2],
        select: (d: number[]) => d.length,
      }),
    );
    expect(selected.data).toBe(2);
  });
});
