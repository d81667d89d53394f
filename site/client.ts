import '@vitejs/plugin-react/preamble';
import type { ComponentType } from 'react';
import { hydratesAtLoad, needsQueryClient } from './lib/island-loading';

/**
 * Finds the island markers the server rendered and starts each with its own props. Every island
 * is its own chunk, loaded only when the page contains it. This entry holds no React: mounted
 * islands (`mount`) run without it, React (site/lib/hydrate-island.ts) is fetched for the others,
 * and react-query's QueryClient only for those that fetch through it (site/lib/island-loading.ts;
 * docs/decisions/0027-javascript-weight.md). site/server/assets.ts preloads what this will load.
 */
interface IslandModule {
  default?: ComponentType<Record<string, unknown>>;
  mount?: (element: HTMLElement, props: Record<string, unknown>) => void;
}

const loaders = import.meta.glob<IslandModule>('./islands/*.tsx');
const hydration = () => import('./lib/hydrate-island');
const queryProvider = () => import('./lib/query-provider');

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const name = element.dataset.island ?? '';
  const load = loaders[`./islands/${name}.tsx`];
  if (!load) {
    console.error(`Unknown island "${name}"`);
    continue;
  }
  const props = JSON.parse(element.dataset.props ?? '{}') as Record<string, unknown>;
  const atLoad = hydratesAtLoad(name);
  Promise.all([
    load(),
    atLoad ? hydration() : null,
    atLoad && needsQueryClient(name) ? queryProvider() : null,
  ])
    .then(([module, react, query]) => {
      if (module.mount) module.mount(element, props);
      else if (react && module.default)
        react.hydrateIsland(element, module.default, props, query?.withQueryClient);
      else throw new Error('its module exports neither mount() nor a component to hydrate');
      // The island's script runs: hydrated, or (mounted islands) listening until it needs React.
      element.dataset.hydrated = 'true';
    })
    .catch((error: unknown) => console.error(`Island "${name}" failed to load`, error));
}
