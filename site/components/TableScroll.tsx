import type { ReactNode } from 'react';

/**
 * A table wider than a phone scrolls sideways inside this box instead of the whole page (issue 17:
 * at 375 px the membership comparison, the candidate ranking and the orders, applications and
 * support tables made their pages 4–351 px too wide). It is a tab stop so a keyboard can scroll it
 * (WCAG 2.1.1; only some browsers make a scroller focusable by themselves), named after its table
 * so a screen reader says what that stop is (a named section is a region).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard.
    <section className="table-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
