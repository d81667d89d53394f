import { randomBytes } from 'node:crypto';
import { createContext, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { joinParts, type KeptText, type TextPart } from '../../api/platform/gzip-parts';

/**
 * Server-side record of one rendered fragment: the islands it used, so the page links only
 * their code, and the source of each island's useId prefix (the namespace keeps prefixes unique
 * when a page is assembled from several separately rendered fragments); and the kept markup
 * placed in it (MemoizedMarkup), so the fragment's answer carries those parts' bytes and deflate,
 * made once, instead of encoding and compressing them again (docs/decisions/0062-kept-markup-inside-fragments.md).
 */
export class IslandRecorder {
  readonly names = new Set<string>();
  readonly kept: KeptText[] = [];
  private count = 0;

  constructor(private readonly namespace: string) {}

  /** Records one island instance and returns its identifierPrefix. */
  use(name: string): string {
    this.names.add(name);
    return `${this.namespace}${name}${this.count++}-`;
  }

  /** Where `text` goes in the rendered HTML: a marker that renderFragment replaces with it. */
  keep(text: KeptText): string {
    this.kept.push(text);
    return `${KEPT_MARKER}${this.kept.length - 1}-->`;
  }
}

/**
 * A comment no rendered content can hold: React escapes `<` in text and attributes, and the
 * random part, new in each process, cannot be guessed for raw HTML a page passes through.
 */
const KEPT_MARKER = `<!--kept ${randomBytes(12).toString('base64url')} `;

export const IslandCollector = createContext<IslandRecorder | null>(null);

export interface RenderedFragment {
  /** The fragment's whole HTML. */
  html: string;
  islands: string[];
  /** The same HTML in parts when kept markup is inside it: new strings and the kept texts. */
  parts?: TextPart[];
}

/** Renders a server fragment and reports the islands inside it. */
export function renderFragment(namespace: string, element: ReactElement): RenderedFragment {
  const recorder = new IslandRecorder(namespace);
  const rendered = renderToString(
    <IslandCollector.Provider value={recorder}>{element}</IslandCollector.Provider>,
  );
  const islands = [...recorder.names];
  if (recorder.kept.length === 0) return { html: rendered, islands };
  const parts = splitAtMarkers(rendered, recorder.kept);
  return { html: joinParts(parts), islands, parts };
}

/** The rendered HTML with each marker replaced by the kept text it stands for. */
function splitAtMarkers(rendered: string, kept: readonly KeptText[]): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  for (;;) {
    const at = rendered.indexOf(KEPT_MARKER, from);
    if (at < 0) break;
    const end = rendered.indexOf('-->', at + KEPT_MARKER.length);
    const text = kept[Number(rendered.slice(at + KEPT_MARKER.length, end))];
    if (!text) throw new Error('renderFragment: a kept-markup marker names no kept text');
    if (at > from) parts.push(rendered.slice(from, at));
    parts.push(text);
    from = end + 3;
  }
  if (from < rendered.length) parts.push(rendered.slice(from));
  return parts;
}
