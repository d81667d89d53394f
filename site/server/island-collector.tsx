import { createContext, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';

/**
 * Server-side record of one render: the islands it used, so the page links only their code, and
 * the source of each island's useId prefix, unique within the page.
 */
export class IslandRecorder {
  readonly names = new Set<string>();
  private count = 0;

  /** Records one island instance and returns its identifierPrefix. */
  use(name: string): string {
    this.names.add(name);
    return `${name}${this.count++}-`;
  }
}

export const IslandCollector = createContext<IslandRecorder | null>(null);

export interface RenderedFragment {
  html: string;
  islands: string[];
}

/** Renders server markup and reports the islands inside it. */
export function renderFragment(element: ReactElement): RenderedFragment {
  const recorder = new IslandRecorder();
  const html = renderToString(
    <IslandCollector.Provider value={recorder}>{element}</IslandCollector.Provider>,
  );
  return { html, islands: [...recorder.names] };
}
