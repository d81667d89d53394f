import type { ReactNode } from 'react';

/**
 * A table with its caption, in a box that scrolls sideways when the table is wider than the
 * screen, so the table and not the whole page scrolls (issue 17: at 375 px the membership
 * comparison, the candidate ranking and the orders, applications and support tables made their
 * pages 4–351 px too wide). The box is a tab stop so a keyboard can scroll it (WCAG 2.1.1; only
 * some browsers make a scroller focusable by themselves), and a region named by the caption so a
 * screen reader says what that stop is. `children` are the table's head and body.
 */
export function ScrollingTable({
  caption,
  captionHidden = false,
  className,
  testId,
  children,
}: {
  caption: string;
  /** Shown to screen readers only, where a heading above already says what the table is. */
  captionHidden?: boolean;
  className: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard.
    <section className="table-scroll" aria-label={caption} tabIndex={0}>
      <table className={className} data-testid={testId}>
        <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
        {children}
      </table>
    </section>
  );
}
