import { expect, type Locator, type Page } from '@playwright/test';

/** What a person can tab to inside a form. */
const FIELDS = 'input:not([type="hidden"]), select, textarea, button, a[href]';

/**
 * The rect of the focused element and of every fixed or sticky element on the page (a sticky site
 * header, a banner) that does not hold the focus itself and would cover part of it, in viewport px.
 */
function focusCover(page: Page) {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    if (!focused || focused === document.body) return null;
    const f = focused.getBoundingClientRect();
    const covers: string[] = [];
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      const style = getComputedStyle(el);
      if (style.position !== 'fixed' && style.position !== 'sticky') continue;
      if (el.contains(focused) || style.visibility === 'hidden' || style.display === 'none') continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.left < f.right && f.left < r.right && r.top < f.bottom && f.top < r.bottom)
        covers.push(
          `${el.tagName.toLowerCase()}.${el.className} ${Math.round(r.top)}–${Math.round(r.bottom)}`,
        );
    }
    const name = focused.getAttribute('name') || focused.id || focused.textContent?.trim().slice(0, 30);
    return {
      name: `${focused.tagName.toLowerCase()} ${name} at ${Math.round(f.top)}–${Math.round(f.bottom)}`,
      covers,
    };
  });
}

/**
 * WCAG 2.2 success criterion 2.4.11 (Focus Not Obscured): a keyboard user tabs through `form` to its
 * end and back again with Shift+Tab (where a sticky header hides a field when the page scrolls it
 * to the top edge); no fixed or sticky element covers any part of the focused field at any stop.
 * Returns how many fields were visited, so the caller can assert the walk reached the form.
 */
export async function expectFocusNeverCovered(page: Page, form: Locator, where: string): Promise<number> {
  const fields = form.locator(FIELDS);
  const count = await fields.count();
  expect(count, `${where}: the form has fields to tab through`).toBeGreaterThan(1);
  await fields.first().focus();
  const covered: string[] = [];
  let visited = 0;
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let step = 0; step < count; step++) {
      const inForm = await form.evaluate((f) => f.contains(document.activeElement));
      if (!inForm) break;
      const stop = await focusCover(page);
      if (stop) {
        visited++;
        if (stop.covers.length) covered.push(`${stop.name} under ${stop.covers.join(', ')}`);
      }
      await page.keyboard.press(key);
    }
    // Step back into the form after leaving its end, to walk it backwards.
    if (key === 'Tab') await fields.last().focus();
  }
  expect(covered, `${where}: focused fields covered by a fixed or sticky element`).toEqual([]);
  return visited;
}
