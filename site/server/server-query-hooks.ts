import {
  InfiniteQueryObserver,
  MutationObserver,
  QueryClient,
  QueryObserver,
  useInfiniteQuery as reactQueryUseInfiniteQuery,
  useQuery as reactQueryUseQuery,
} from '@tanstack/react-query';
import { type ServerQueryHooks, serverQueryHooks } from '../lib/query-hooks/server-slot';

/**
 * The hooks islands render with on the server (docs/decisions/0056-inert-query-hooks-on-the-server.md).
 *
 * Queries never run there (the server's QueryClient has them off unless their options turn them
 * on, site/server/Island.tsx) and nothing is mutated, so each hook answers what React Query's own
 * hook answers there, without building an observer, hashing the key and subscribing: the result
 * an observer of that kind gives, taken once from React Query itself, with the query's initial
 * data (and `select` of it) when it has some. Those observers were a fifth of a signed-in
 * /messaging render's CPU.
 */

type QueryOptionsSeen = {
  enabled?: unknown;
  initialData?: unknown;
  select?: (data: unknown) => unknown;
  placeholderData?: unknown;
  staleTime?: unknown;
};

const templates = new Map<string, Record<string, unknown>>();
let templateClient: QueryClient | null = null;

/** The result React Query's observer of this kind gives for a disabled query, built once. */
function template(key: string, build: (client: QueryClient) => Record<string, unknown>) {
  let result = templates.get(key);
  if (!result) {
    templateClient ??= new QueryClient({ defaultOptions: { queries: { enabled: false } } });
    // Shared by every render that asks: frozen, so no component can change another's result.
    result = Object.freeze(build(templateClient));
    templateClient.clear();
    templates.set(key, result);
  }
  return result;
}

/** Fresh data as React Query stamps it: initial data counts as fetched now. */
function withInitialData(result: Record<string, unknown>, options: QueryOptionsSeen) {
  const initial = typeof options.initialData === 'function' ? options.initialData() : options.initialData;
  if (initial === undefined) return result;
  return { ...result, data: options.select ? options.select(initial) : initial, dataUpdatedAt: Date.now() };
}

/**
 * What React Query's hook answers on the server for these options, or null where this does not
 * model it (then the hook itself runs: one render, so the order of hooks cannot change).
 */
function serverResult(kind: 'query' | 'infinite', options: QueryOptionsSeen) {
  const hasInitialData = options.initialData !== undefined;
  if (options.placeholderData !== undefined || typeof options.enabled === 'function') return null;
  if (typeof options.staleTime === 'function' || (kind === 'infinite' && hasInitialData)) return null;
  // The server's QueryClient turns queries off unless the options turn them on; an enabled
  // query is shown as fetching (React Query's optimistic result), as the browser's first render shows it.
  const enabled = options.enabled === true;
  const staleTime = (options.staleTime as number | undefined) ?? 0;
  const key = `${kind}:${enabled}:${hasInitialData}:${staleTime}`;
  const result = template(key, (client) => {
    const Observer = (kind === 'infinite' ? InfiniteQueryObserver : QueryObserver) as typeof QueryObserver;
    const observer = new Observer(client, {
      queryKey: [key],
      queryFn: () => null,
      enabled,
      staleTime,
      _optimisticResults: 'optimistic',
      ...(kind === 'infinite' ? { initialPageParam: 0, getNextPageParam: () => undefined } : {}),
      ...(hasInitialData ? { initialData: null } : {}),
    } as never);
    return {
      ...(observer.getOptimisticResult(observer.options as never) as unknown as Record<string, unknown>),
    };
  });
  return withInitialData(result, options);
}

// A component renders once on the server (and again with the same props if it updates while
// rendering), so a call site takes the same branch every time: the order of hooks holds.
function serverQuery(options: QueryOptionsSeen) {
  return serverResult('query', options) ?? reactQueryUseQuery(options as never);
}

function serverInfiniteQuery(options: QueryOptionsSeen) {
  return serverResult('infinite', options) ?? reactQueryUseInfiniteQuery(options as never);
}

function serverMutation() {
  return template('mutation', (client) => {
    const observer = new MutationObserver(client, {});
    const result = observer.getCurrentResult();
    // As useMutation answers; neither is called while the server renders.
    return { ...(result as unknown as Record<string, unknown>), mutateAsync: result.mutate };
  });
}

/** React Query's own hooks answer in the browser; these, once this module is loaded, on the server. */
export function installServerQueryHooks(): void {
  serverQueryHooks.current = {
    useQuery: serverQuery,
    useInfiniteQuery: serverInfiniteQuery,
    useMutation: serverMutation,
  } as unknown as ServerQueryHooks;
}
