/**
 * The heatmap overlay's point rules (docs/product/spec.md §5, "Heatmap points"; §9): pure, so the
 * island only measures the page and draws. Normalized points are percentages (0-100) of the
 * page (document) size; pixel points are page coordinates.
 */

/** A point as analytics.heatmapData sends it (coordinates may be missing in raw data). */
export interface HeatmapInputPoint {
  x: number | null;
  y: number | null;
  value: number;
  isNormalized: boolean;
  /** The element clicked and where in its box (shares 0–1), when the click was anchored. */
  selector?: string;
  anchorX?: number | null;
  anchorY?: number | null;
}

/** An element's box in page coordinates, as laid out now. */
export interface PageBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Finds an element's box on the page now, or null when the page has no such (visible) element. */
export type LocateElement = (selector: string) => PageBox | null;

/** A point ready to draw: page pixels and a weight. */
export interface DrawPoint {
  x: number;
  y: number;
  value: number;
}

export interface PageSize {
  width: number;
  height: number;
}

/** Values beyond this are scaled down so the heaviest point is worth exactly this. */
export const MAX_POINT_VALUE = 10_000;
/** docs/product/spec.md §9: how the points are drawn. */
export const HEATMAP_RADIUS = 15;
export const HEATMAP_BLUR = 0.75;
export const SAMPLE_POINT_COUNT = 5;

const clamp = (n: number, max: number) => Math.min(Math.max(n, 0), Math.max(max, 0));

/**
 * Drops points with a missing, non-finite or negative coordinate, turns percentages into page
 * pixels, clamps every point to the page and scales values down when the heaviest passes
 * MAX_POINT_VALUE (value × MAX_POINT_VALUE / max). An anchored point whose element is on the
 * page now is drawn at its share of that element's box instead (so a control that moved between
 * layouts still shows its clicks); without `locate`, or when the element is gone, it falls back to
 * its page position.
 */
export function toDrawPoints(
  points: readonly HeatmapInputPoint[],
  page: PageSize,
  locate?: LocateElement,
): DrawPoint[] {
  const kept = points.filter(
    (p): p is HeatmapInputPoint & { x: number; y: number } =>
      typeof p.x === 'number' &&
      typeof p.y === 'number' &&
      Number.isFinite(p.x) &&
      Number.isFinite(p.y) &&
      p.x >= 0 &&
      p.y >= 0,
  );
  const max = kept.reduce((m, p) => Math.max(m, p.value), 0);
  const scale = max > MAX_POINT_VALUE ? MAX_POINT_VALUE / max : 1;
  const boxes = new Map<string, PageBox | null>();
  const boxOf = (selector: string) => {
    if (!boxes.has(selector)) boxes.set(selector, locate?.(selector) ?? null);
    return boxes.get(selector) ?? null;
  };
  return kept.map((p) => {
    const box = anchored(p) && locate ? boxOf(p.selector) : null;
    const x =
      box && anchored(p) ? box.left + p.anchorX * box.width : p.isNormalized ? (p.x / 100) * page.width : p.x;
    const y =
      box && anchored(p)
        ? box.top + p.anchorY * box.height
        : p.isNormalized
          ? (p.y / 100) * page.height
          : p.y;
    return { x: clamp(x, page.width), y: clamp(y, page.height), value: p.value * scale };
  });
}

function anchored(
  p: HeatmapInputPoint,
): p is HeatmapInputPoint & { selector: string; anchorX: number; anchorY: number } {
  return (
    typeof p.selector === 'string' &&
    typeof p.anchorX === 'number' &&
    typeof p.anchorY === 'number' &&
    p.anchorX >= 0 &&
    p.anchorX <= 1 &&
    p.anchorY >= 0 &&
    p.anchorY <= 1
  );
}

/**
 * Five sample points spread over the visible top of the page, drawn when the server reports no
 * clicks at all so the overlay shows what it would look like.
 */
export function samplePoints(page: PageSize, viewportHeight = page.height): DrawPoint[] {
  const height = Math.min(page.height, viewportHeight);
  const at = (fx: number, fy: number, value: number): DrawPoint => ({
    x: Math.round(page.width * fx),
    y: Math.round(height * fy),
    value,
  });
  return [at(0.2, 0.25, 5), at(0.5, 0.2, 10), at(0.8, 0.3, 7), at(0.35, 0.65, 3), at(0.65, 0.7, 8)];
}

/** What the overlay draws for an answer of analytics.heatmapData. */
export function heatmapDrawPoints(
  data: { totalClicks: number; heatmapPoints: readonly HeatmapInputPoint[] },
  page: PageSize,
  viewportHeight?: number,
  locate?: LocateElement,
): DrawPoint[] {
  if (data.totalClicks === 0) return samplePoints(page, viewportHeight);
  return toDrawPoints(data.heatmapPoints, page, locate);
}
