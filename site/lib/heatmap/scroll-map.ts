/**
 * The overlay's scroll map (docs/decisions/0096-heatmaps-that-hold-on-every-screen.md): where the
 * "N % of visitors reached here" lines go. `reached[d]` is the percentage of page views that
 * scrolled to d % of the page or further (analytics.heatmapData's scrollMap).
 */

/** The lines drawn: the depth three quarters, half and a quarter of the visitors reached. */
export const SCROLL_MARKER_SHARES = [75, 50, 25] as const;

/** The deepest point (percent of the page) that at least `share` % of page views reached; 0 when none did. */
export function depthReachedBy(reached: readonly number[], share: number): number {
  for (let d = reached.length - 1; d >= 0; d--) if ((reached[d] ?? 0) >= share) return d;
  return 0;
}

export interface ScrollMarker {
  /** Percentage of visitors who reached the line. */
  share: number;
  /** Page pixels from the top. */
  y: number;
}

/** The marker lines on a page of the given height; none without page views that reported a depth. */
export function scrollMarkers(
  map: { views: number; reached: readonly number[] },
  pageHeight: number,
): ScrollMarker[] {
  if (map.views === 0) return [];
  return SCROLL_MARKER_SHARES.map((share) => ({
    share,
    y: Math.round((depthReachedBy(map.reached, share) / 100) * pageHeight),
  }));
}

/**
 * The gradient behind the lines: opaque where every visitor was, fading as fewer got further down.
 * A CSS linear-gradient of 21 stops (every 5 % of the page).
 */
export function scrollGradient(reached: readonly number[]): string {
  const stops: string[] = [];
  for (let d = 0; d <= 100; d += 5) {
    const alpha = Math.round(((reached[d] ?? 0) / 100) * 0.55 * 100) / 100;
    stops.push(`rgb(26 43 76 / ${alpha}) ${d}%`);
  }
  return `linear-gradient(to bottom, ${stops.join(', ')})`;
}
