import { createContext, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';

/**
 * Server-side record of the islands one rendered fragment used, so the page links only
 * their code, and the source of each island's useId prefix. The namespace keeps prefixes
 * unique when a page is assembled from several separately rendered fragments.
 */
export class IslandRecorder {
  readonly names = new Set<string>();
  private count = 0;

  constructor(private readonly namespace: string) {}

  /** Records one island instance and returns its identifierPrefix. */
  use(name: string): string {
    this.names.add(name);
    return `${this.namespace}${name}${this.count++}-`;
  }
}

export const IslandCollector = createContext<IslandRecorder | null>(null);

export interface RenderedFragment {
  html: string;
  islands: string[];
}

/** Renders a server fragment and reports the islands inside it. */
export function renderFragment(namespace: string, element: ReactElement): RenderedFragment {
  const recorder = new IslandRecorder(namespace);
  const html = renderToString(
    <IslandCollector.Provider value={recorder}>{element}</IslandCollector.Provider>,
  );
  return { html, islands: [...recorder.names] };
}
