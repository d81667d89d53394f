import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, useContext } from 'react';
import { type IslandName, type IslandProps, islands } from '../islands/registry';
import { IslandCollector } from '../lib/island-collector';

/**
 * Renders an island on the server inside the marker that site/client.ts hydrates.
 * Props are serialized into data-props, so they must be plain JSON.
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps<N> }) {
  useContext(IslandCollector)?.add(name);
  // The registry's union of prop types is checked at the call site by IslandProps<N>.
  const Component = islands[name] as unknown as ComponentType<Record<string, unknown>>;
  return (
    <div className="island" data-island={name} data-props={JSON.stringify(props)}>
      <QueryClientProvider client={serverQueryClient()}>
        <Component {...(props as Record<string, unknown>)} />
      </QueryClientProvider>
    </div>
  );
}

// Queries never run during server rendering; a fresh client keeps requests isolated.
function serverQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { enabled: false } } });
}
