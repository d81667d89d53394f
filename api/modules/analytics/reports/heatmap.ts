import type { Db } from '../../../../db/client';
import type { ClickTroubleRow } from '../../../contract/analytics-reports';
import { WIDTH_BANDS, type WidthBand } from '../../../contract/heatmap';
import { ValidationError } from '../../errors';
import { type ClickCellRow, readClickCells } from './click-points';
import { pageClickTrouble } from './click-trouble';
import { type ScrollMap, scrollMap } from './scroll-map';

/** docs/product/spec.md §3, "Heatmap data". */
export interface HeatmapPoint {
  x: number;
  y: number;
  /** How many clicks landed on this (rounded) position of this element. */
  value: number;
  isNormalized: boolean;
  selector: string;
  /** The latest of those clicks, ISO 8601. */
  timestamp: string;
  windowWidth: number;
  windowHeight: number;
  /** The width band the clicks were made in (api/contract/heatmap.ts). */
  band: WidthBand;
  /**
   * Where in the element's box, as shares 0–1 rounded to hundredths, or null for clicks recorded
   * without it: the overlay draws anchored points on the element as it is laid out now.
   */
  anchorX: number | null;
  anchorY: number | null;
}

export interface HeatmapData {
  /** The path the clicks were read for. */
  url: string;
  /** The band the points are for, or null for every band. */
  band: WidthBand | null;
  /** Every click on the path in the window (and band), including those without a position. */
  totalClicks: number;
  heatmapPoints: HeatmapPoint[];
  /** Clicks on the path in the window per band, whichever band was asked for (the switcher's counts). */
  bandClicks: Record<WidthBand, number>;
  /** The page's elements with rage or dead clicks in the window (and band), top 10, for the overlay's marks. */
  clickTrouble: ClickTroubleRow[];
  /** How far down the page its page views in the window scrolled (every band). */
  scrollMap: ScrollMap;
}

/** docs/product/spec.md §9: the heatmap reads 30 days unless told otherwise. */
export const HEATMAP_DEFAULT_DAYS = 30;
/** The heaviest points are kept; a canvas gains nothing from more. */
export const HEATMAP_MAX_POINTS = 5000;
const DAY_MS = 86_400_000;

/**
 * The path part of a full URL or a path, as the tracker stores it (pathname only, no query,
 * no fragment): 'https://x.org/merchandise?a=1#b' and '/merchandise' both give '/merchandise'.
 */
export function heatmapPath(url: string): string {
  const trimmed = url.trim();
  let pathname: string;
  try {
    pathname = new URL(trimmed, 'http://path.invalid').pathname;
  } catch {
    throw new ValidationError({ url: ['Give a page address or a path such as /merchandise.'] });
  }
  return pathname === '' ? '/' : pathname;
}

export interface HeatmapQuery {
  url: string;
  from?: Date;
  to?: Date;
  /** Only the clicks made in this width band; all bands when absent. */
  band?: WidthBand;
}

/** The window `[from, to]` of a heatmap query: `to` defaults to now, `from` to 30 days before `to`. */
export function heatmapWindow(query: { from?: Date; to?: Date }, now: Date): { from: Date; to: Date } {
  const to = query.to ?? now;
  const from = query.from ?? new Date(to.getTime() - HEATMAP_DEFAULT_DAYS * DAY_MS);
  if (from.getTime() > to.getTime()) {
    throw new ValidationError({ from: ['The start of the window must be before its end.'] });
  }
  return { from, to };
}

/**
 * Clicks on one path between `from` (default: 30 days before `now`) and `to` (default: now), in
 * one band or all, grouped into cells (click-cells.ts): an anchored click by its element and a
 * tenth of the element's box, any other by its rounded position (whole pixels; tenths of a
 * percent when normalized). Each cell is one point valued by its clicks with a position, stamped
 * with its latest click; the heaviest HEATMAP_MAX_POINTS are returned. Whole days before
 * yesterday come from the daily click rollup (click-points.ts). Clicks without a position count
 * in totalClicks but make no point.
 */
export async function heatmapData(db: Db, query: HeatmapQuery, now = new Date()): Promise<HeatmapData> {
  const path = heatmapPath(query.url);
  const { from, to } = heatmapWindow(query, now);
  const [{ cells, perBand }, clickTrouble, scroll] = await Promise.all([
    readClickCells(db, { path, from, to, band: query.band, now, limit: HEATMAP_MAX_POINTS }),
    pageClickTrouble(db, { path, from, to, band: query.band }),
    scrollMap(db, { path, from, to }),
  ]);

  const bandClicks = Object.fromEntries(WIDTH_BANDS.map((b) => [b, 0])) as Record<WidthBand, number>;
  for (const row of perBand) bandClicks[row.band as WidthBand] = row.clicks;
  return {
    url: path,
    band: query.band ?? null,
    totalClicks: query.band ? bandClicks[query.band] : WIDTH_BANDS.reduce((n, b) => n + bandClicks[b], 0),
    bandClicks,
    clickTrouble,
    scrollMap: scroll,
    heatmapPoints: cells.map(toPoint),
  };
}

/**
 * A cell as the spec's heatmap point. An anchored cell is drawn at its share of the element's box
 * (a tenth of it); its x/y, for when the element is gone, are its clicks' mean page position,
 * rounded like any point (a tenth of a percent, or a pixel).
 */
function toPoint(c: ClickCellRow): HeatmapPoint {
  const round = (v: number) => (c.is_normalized ? Math.round(v * 10) / 10 : Math.round(v));
  const anchored = c.anchor_x !== null && c.anchor_y !== null;
  return {
    x: anchored || c.cell_x === null ? round(Number(c.sum_x) / c.positioned) : Number(c.cell_x),
    y: anchored || c.cell_y === null ? round(Number(c.sum_y) / c.positioned) : Number(c.cell_y),
    value: c.positioned,
    isNormalized: c.is_normalized,
    selector: c.selector,
    timestamp: new Date(c.last_at).toISOString(),
    windowWidth: c.window_width,
    windowHeight: c.window_height,
    band: c.band as WidthBand,
    anchorX: anchored ? Number(c.anchor_x) : null,
    anchorY: anchored ? Number(c.anchor_y) : null,
  };
}
