import type { ReactNode } from 'react';
import { boundedMemo } from '../server/bounded-memo';
import { renderFragment } from '../server/island-collector';
import type { KeptBodyPage, Page } from '../server/page';
import { keptFragment, type PageFragment } from './page-fragment';

/**
 * The page's own part, in its `<main>`. A page whose body is a pure function of its `bodyKey`
 * (site/server/page.ts) is drawn once per key and class and kept, its bytes and deflate with it:
 * a member opening the same page again is answered without React or zlib touching its main part
 * (docs/decisions/0060-kept-page-bodies.md).
 */
export function mainFragment(page: Page | KeptBodyPage, className: string): PageFragment {
  if (page.bodyKey === undefined) return renderMain(className, page.body);
  const draw = page.body;
  return keptMains(`${className}\n${page.bodyKey}`, () => keptFragment(renderMain(className, draw())));
}

function renderMain(className: string, body: ReactNode) {
  return renderFragment(
    'm',
    <main id="main" className={className}>
      {body}
    </main>,
  );
}

/**
 * Bounded by count: a kept main is one member's page (15–20 KB of text, its UTF-8 bytes outside
 * the heap and a deflate of about a seventh of that), so 500 hold about 20 MB.
 */
const keptMains = boundedMemo<PageFragment>(500);
