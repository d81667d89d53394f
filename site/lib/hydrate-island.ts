import { type ComponentType, createElement, type ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';

/**
 * Hydrates one server-rendered island as its own React root, inside `wrap` when given (the page's
 * QueryClient, site/lib/query-provider.ts, for islands that fetch through react-query). It imports
 * nothing but React, so it shares React's chunk (site/vite.config.ts), loaded only by pages with a
 * React island.
 */
export function hydrateIsland(
  element: HTMLElement,
  Component: ComponentType<Record<string, unknown>>,
  props: Record<string, unknown>,
  wrap: (tree: ReactElement) => ReactElement = (tree) => tree,
): void {
  // Same prefix as the server render, so useId values match (site/server/Island.tsx).
  hydrateRoot(element, wrap(createElement(Component, props)), {
    identifierPrefix: element.dataset.idPrefix ?? '',
  });
}
