import '@vitejs/plugin-react/preamble';
import type { ComponentType } from 'react';
import { listenForEarlyClicks, takeEarlyClick } from './lib/early-click';
import { hydratesAtLoad, needsQueryClient } from './lib/island-loading';

/**
 * Finds the island markers the server rendered and starts each with its own props. Every island
 * is its own chunk, loaded only when the page contains it. This entry holds no React: mounted
 * islands (`mount`) run without it, React (site/lib/hydrate-island.ts) is fetched for the others,
 * and react-query's QueryClient only for those that fetch through it (site/lib/island-loading.ts;
 * docs/decisions/0027-javascript-weight.md). site/server/assets.ts lists what this will load.
 */
interface IslandModule {
  default?: ComponentType<Record<string, unknown>>;
  mount?: (element: HTMLElement, props: Record<string, unknown>) => void;
}

/**
 * The server lists every chunk this page's islands need on this entry's script tag
 * (site/server/assets.ts). Preloading them all now keeps hydration one round trip behind the
 * entry instead of one per import level, while the document's head holds no preload that would
 * share a slow connection with the stylesheet before first paint
 * (docs/decisions/0043-chunks-preloaded-by-the-entry.md).
 */
function preloadChunks() {
  const listed = document.querySelector<HTMLScriptElement>('script[data-chunks]')?.dataset.chunks ?? '';
  for (const href of listed.split(' ')) {
    if (!href) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

/**
 * Islands start once the browser has painted the server's HTML with content, so no chunk's
 * download shares a slow connection with what that first paint needs. Where paint timing cannot
 * be observed, two frames stand in for it; a hidden tab paints nothing, so it starts at once, and
 * a timer makes sure nothing waits for a paint that never comes.
 */
function afterFirstPaint(run: () => void) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    setTimeout(run, 0);
  };
  setTimeout(once, 2_000);
  document.addEventListener('visibilitychange', once, { once: true });
  if (document.visibilityState === 'hidden') return once();
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => requestAnimationFrame(once));
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    once();
  });
  observer.observe({ type: 'paint', buffered: true });
}

const loaders = import.meta.glob<IslandModule>('./islands/*.tsx');
const hydration = () => import('./lib/hydrate-island');
const queryProvider = () => import('./lib/query-provider');

function startIslands() {
  preloadChunks();
  for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) startIsland(element);
}

function startIsland(element: HTMLElement) {
  const name = element.dataset.island ?? '';
  const load = loaders[`./islands/${name}.tsx`];
  if (!load) {
    console.error(`Unknown island "${name}"`);
    return;
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
      else if (react && module.default) {
        react.hydrateIsland(element, module.default, props, query?.withQueryClient);
        // A discrete event makes React finish hydrating this root at once, then handle it.
        takeEarlyClick(element)?.click();
      } else throw new Error('its module exports neither mount() nor a component to hydrate');
      // The island's script runs: hydrated, or (mounted islands) listening until it needs React.
      element.dataset.hydrated = 'true';
    })
    .catch((error: unknown) => console.error(`Island "${name}" failed to load`, error));
}

listenForEarlyClicks();
afterFirstPaint(startIslands);
