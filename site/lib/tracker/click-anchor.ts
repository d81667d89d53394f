/**
 * How far down the page the window's bottom edge is, in whole percent (0–100): what a page view
 * reports as its scroll depth. A page no taller than the window is seen whole (100).
 */
export function scrollDepthPercent(view: {
  scrollY: number;
  viewportHeight: number;
  pageHeight: number;
}): number {
  if (!(view.pageHeight > 0)) return 100;
  return Math.round(
    Math.min(100, Math.max(0, ((view.scrollY + view.viewportHeight) / view.pageHeight) * 100)),
  );
}

/** A box as getBoundingClientRect gives it (viewport coordinates). */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Where a click landed inside the element it was on, as shares (0–1, three decimals) of the
 * element's width and height, so the heatmap can draw it on the element wherever a responsive
 * layout puts it (docs/decisions/0096-heatmaps-that-hold-on-every-screen.md). Null when the element
 * has no box (hidden, or zero-sized), where a share means nothing.
 */
export function anchorShare(
  click: { clientX: number; clientY: number },
  box: Box,
): { anchorX: number; anchorY: number } | null {
  if (!(box.width > 0) || !(box.height > 0)) return null;
  const share = (offset: number, size: number) =>
    Math.round(Math.min(1, Math.max(0, offset / size)) * 1000) / 1000;
  return {
    anchorX: share(click.clientX - box.left, box.width),
    anchorY: share(click.clientY - box.top, box.height),
  };
}
