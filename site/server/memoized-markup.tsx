import { type ReactNode, useContext } from 'react';
import { renderToString } from 'react-dom/server';
import { KeptText } from '../../api/platform/gzip-parts';
import { boundedMemo } from './bounded-memo';
import { IslandCollector } from './island-collector';

/** A memo of rendered markup by key: at most `limit` entries, the least recently used dropped. */
export type MarkupMemo = (key: string, make: () => KeptText) => KeptText;

export function markupMemo(limit: number): MarkupMemo {
  return boundedMemo<KeptText>(limit);
}

/**
 * Markup that is the same for every request with the same `memoKey`, rendered by React once per
 * key of `memo` and put in its wrapper as HTML (issue 17: a form's hundreds of options, or a
 * member's privacy choices, were most of a page's render). The key must spell out everything
 * `children` draws from. Inside a fragment (renderFragment) it stays a part of its own, so its
 * UTF-8 bytes and deflate are made once too (docs/decisions/0062-kept-markup-inside-fragments.md).
 */
export function MemoizedMarkup({
  memo,
  memoKey,
  as: Wrapper = 'div',
  className,
  children,
}: {
  memo: MarkupMemo;
  memoKey: string;
  as?: 'div' | 'fieldset';
  className: string;
  children: () => ReactNode;
}) {
  // Before the memo: a nested renderToString leaves no hooks to call after it.
  const recorder = useContext(IslandCollector);
  const kept = memo(memoKey, () => new KeptText(renderToString(children())));
  const html = recorder ? recorder.keep(kept) : kept.text;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own server output, memoized above.
  return <Wrapper className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
