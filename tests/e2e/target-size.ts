import { expect, type Locator, type Page } from '@playwright/test';

/** WCAG 2.2 success criterion 2.5.8 (AA): a pointer target is at least 24 × 24 CSS px. */
export const MIN_TARGET = 24;

/**
 * The page's own text boxes, selects and buttons (native or by role). Checkboxes and radios are
 * left out: their label is part of the target, and the spacing exception below covers the box.
 */
export const CONTENT_CONTROLS =
  'button, select, textarea, input:not([type="hidden"], [type="checkbox"], [type="radio"]), [role="button"], [role="tab"], [role="menuitem"], [role="option"]';

/**
 * The controls matching `selector` inside `root` that a person can see and that fail 2.5.8: smaller
 * than 24 × 24 px, unless (the spacing exception) a 24 px circle centred on the control crosses no
 * other control and no such circle of another small control. Controls inside (or matching)
 * `skipped` are not checked; `spacing: false` leaves the exception out (the header holds itself to
 * 24 px whatever the spacing). Each is named with its size, to be found quickly.
 */
export function smallControls(
  root: Locator,
  selector: string,
  skipped = '',
  spacing = true,
): Promise<string[]> {
  return root.evaluate(
    (el, { selector, skipped, min, spacing }) => {
      const visible = [...el.querySelectorAll<HTMLElement>(selector)]
        .filter((c) => !(skipped && c.closest(skipped)))
        .map((control) => ({ control, r: control.getBoundingClientRect() }))
        .filter(
          ({ control, r }) =>
            r.width > 0 && r.height > 0 && getComputedStyle(control).visibility !== 'hidden',
        );
      const small = visible.filter(({ r }) => r.width < min || r.height < min);
      const centre = (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
      const circleHitsRect = (c: { x: number; y: number }, r: DOMRect) => {
        const dx = c.x - Math.max(r.left, Math.min(c.x, r.right));
        const dy = c.y - Math.max(r.top, Math.min(c.y, r.bottom));
        return dx * dx + dy * dy < (min / 2) ** 2;
      };
      const failing = small.filter(({ control, r }) => {
        if (!spacing) return true;
        const c = centre(r);
        // One control nested in another (a button inside a tab) is one target, not two.
        const others = visible.filter(
          (o) => o.control !== control && !o.control.contains(control) && !control.contains(o.control),
        );
        if (others.some((o) => circleHitsRect(c, o.r))) return true;
        return small.some((o) => {
          if (o.control === control || o.control.contains(control) || control.contains(o.control))
            return false;
          const d = centre(o.r);
          return (c.x - d.x) ** 2 + (c.y - d.y) ** 2 < min * min;
        });
      });
      return failing.map(
        ({ control, r }) =>
          `${control.id || control.textContent?.trim() || control.getAttribute('aria-label') || control.tagName} ${Math.round(r.width * 10) / 10}x${Math.round(r.height * 10) / 10}`,
      );
    },
    { selector, skipped, min: MIN_TARGET, spacing },
  );
}

/**
 * No control of the page's content (or of `root`) fails 2.5.8 at the current width (the candidate
 * ranking's filters and the order lookup's fields were browser boxes 19–21 px tall).
 */
export async function expectContentControlsBigEnough(page: Page, where: string, root = page.locator('main')) {
  const small = await smallControls(root, CONTENT_CONTROLS);
  expect(small, `${where}: controls smaller than 24 × 24 px without the spacing that excuses it`).toEqual([]);
}
