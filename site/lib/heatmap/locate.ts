import type { PageBox } from './points';

/**
 * The element a click selector names, as laid out now, in page coordinates; null when the page
 * has no such element, it is not laid out (display: none) or the selector is not valid CSS.
 */
export function locateOnPage(selector: string): PageBox | null {
  let element: Element | null;
  try {
    element = document.querySelector(selector);
  } catch {
    return null;
  }
  if (!element) return null;
  const rect = element.getBoundingClientRect();
  if (rect.width === 0 && rect.height === 0) return null;
  return {
    left: rect.left + window.scrollX,
    top: rect.top + window.scrollY,
    width: rect.width,
    height: rect.height,
  };
}
