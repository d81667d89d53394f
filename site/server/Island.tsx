import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, createElement, useContext } from 'react';
import { renderToString } from 'react-dom/server';
import { type IslandName, type IslandProps, islands } from '../islands/registry';
import { sendsPropsToBrowser } from '../lib/island-loading';
import { IslandCollector } from './island-collector';
import { installServerQueryHooks } from './server-query-hooks';

// Before any island renders: their React Query hooks answer without observers here.
installServerQueryHooks();

/**
 * Renders an island on the server as its own React root inside the marker that
 * site/client.ts hydrates. A separate root (not a subtree of the page) with its own
 * identifierPrefix makes useId produce the same ids on the server as in the browser,
 * where every island is hydrated as a root of its own. Props must be plain JSON.
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps<N> }) {
  const idPrefix = useContext(IslandCollector)?.use(name) ?? `${name}-`;
  // The registry's union of prop types is checked at the call site by IslandProps<N>.
  const Component = islands[name] as unknown as ComponentType<Record<string, unknown>>;
  const html = renderToString(
    createElement(
      QueryClientProvider,
      { client: serverQueryClient() },
      createElement(Component, props as Record<string, unknown>),
    ),
    { identifierPrefix: idPrefix },
  );
  return (
    <div
      className="island"
      data-island={name}
      data-id-prefix={idPrefix}
      data-props={sendsPropsToBrowser(name) ? JSON.stringify(props) : undefined}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own server output for this island.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

// Queries never run during server rendering; a fresh client keeps requests isolated.
function serverQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { enabled: false } } });
}
