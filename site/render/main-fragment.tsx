import type { ReactNode } from 'react';
import { renderFragment } from '../server/island-collector';
import type { KeptBodyPage, Page } from '../server/page';
import { keptFragments, type PageFragment } from './page-fragment';

/**
 * The page's own part, in its `<main>`. A page whose body is a pure function of its `bodyKey`
 * (site/server/page.ts) is drawn once per key and class and kept, its bytes and deflate with it:
 * a member opening the same page again is answered without React or zlib touching its main part
 * (docs/decisions/0060-kept-page-bodies.md).
 */
export function mainFragment(page: Page | KeptBodyPage, className: string): PageFragment {
  if (page.bodyKey === undefined) return renderFragment('m', main(className, page.body));
  const draw = page.body;
  return keptMains(`${className}\n${page.bodyKey}`, 'm', () => main(className, draw()));
}

function main(className: string, body: ReactNode) {
  return (
    <main id="main" className={className}>
      {body}
    </main>
  );
}

/**
 * Bounded by count: a kept main is one member's page (15–20 KB of text, its UTF-8 bytes outside
 * the heap and a deflate of about a seventh of that), so 500 hold about 20 MB.
 */
const keptMains = keptFragments(500);
