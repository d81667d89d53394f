/**
 * What the click heatmap's two sides share (docs/decisions/0096-heatmaps-that-hold-on-every-screen.md):
 * the width bands a click is filed under, and the kinds of click trouble the tracker reports.
 * Browser-safe: the tracker, the overlay and the server all read it.
 */

/**
 * Cut where the site's layout changes (docs/product/spec.md §9's md 768 and xl 1280): under 768 the
 * one-column phone layout, 768–1279 the tablet and small laptop layout, 1280 and up the wide one.
 * The database computes the same cut from window_width (migrations/0044_heatmap_bands_anchors.ts).
 */
export const WIDTH_BANDS = ['narrow', 'medium', 'wide'] as const;
export type WidthBand = (typeof WIDTH_BANDS)[number];

export const BAND_MEDIUM_FROM = 768;
export const BAND_WIDE_FROM = 1280;

export const BAND_LABELS: Record<WidthBand, string> = {
  narrow: 'Under 768 px',
  medium: '768–1279 px',
  wide: '1280 px and up',
};

export function widthBand(windowWidth: number): WidthBand {
  if (windowWidth >= BAND_WIDE_FROM) return 'wide';
  if (windowWidth >= BAND_MEDIUM_FROM) return 'medium';
  return 'narrow';
}

/** The overlay's switcher order: the band of the window it is opened in first, then the others in order. */
export function bandsCurrentFirst(windowWidth: number): WidthBand[] {
  const current = widthBand(windowWidth);
  return [current, ...WIDTH_BANDS.filter((b) => b !== current)];
}

/** Rage: a burst of clicks on one element; dead: a click after which nothing happened. */
export const CLICK_SIGNALS = ['rage', 'dead'] as const;
export type ClickSignalKind = (typeof CLICK_SIGNALS)[number];
