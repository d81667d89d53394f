import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';

/** A memo of rendered markup by key (boundedMemo<string> from ./bounded-memo). */
export type MarkupMemo = (key: string, make: () => string) => string;

/**
 * Markup that is the same for every request with the same `memoKey`, rendered by React once per
 * key of `memo` and put in its wrapper as HTML (issue 17: a form's hundreds of options, or a
 * member's privacy choices, were most of a page's render). The key must spell out everything
 * `children` draws from.
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
  const html = memo(memoKey, () => renderToString(children()));
  // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own server output, memoized above.
  return <Wrapper className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
