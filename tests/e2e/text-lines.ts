import type { Locator } from '@playwright/test';

/**
 * How many lines the text of each element takes as laid out, and whether it spills out of its
 * box: the distinct tops of the text's client rects (a Range over the element's contents), so a
 * figure broken inside ("$15,580.0" / "0") or a date wrapped onto three lines counts more than one,
 * whatever the markup inside.
 */
export interface TextLayout {
  text: string;
  lines: number;
  /** The element's content is wider than its box (text that cannot wrap and does not fit). */
  overflows: boolean;
}

export function textLayouts(elements: Locator): Promise<TextLayout[]> {
  return elements.evaluateAll((els) =>
    els.map((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const tops = new Set(
        [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
      );
      return {
        text: (el.textContent ?? '').trim(),
        lines: tops.size,
        overflows: el.scrollWidth > el.clientWidth + 1,
      };
    }),
  );
}
