import '@vitejs/plugin-react/preamble';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { queryClient } from './lib/query-client';

/**
 * Finds the island markers the server rendered and hydrates each with its own props.
 * Every island is its own chunk, loaded only when the page contains it; all islands share
 * one QueryClient so the header's islands see the same cache.
 */
const loaders = import.meta.glob<{ default: ComponentType<Record<string, unknown>> }>('./islands/*.tsx');

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const name = element.dataset.island;
  const load = loaders[`./islands/${name}.tsx`];
  if (!load) {
    console.error(`Unknown island "${name}"`);
    continue;
  }
  const props = JSON.parse(element.dataset.props ?? '{}') as Record<string, unknown>;
  load()
    .then(({ default: Component }) => {
      hydrateRoot(
        element,
        createElement(QueryClientProvider, { client: queryClient }, createElement(Component, props)),
        // Same prefix as the server render, so useId values match (site/server/Island.tsx).
        { identifierPrefix: element.dataset.idPrefix ?? '' },
      );
      element.dataset.hydrated = 'true';
    })
    .catch((error: unknown) => console.error(`Island "${name}" failed to load`, error));
}
