import { describe, expect, it } from 'vitest';
import {
  type HeatmapInputPoint,
  heatmapDrawPoints,
  MAX_POINT_VALUE,
  SAMPLE_POINT_COUNT,
  samplePoints,
  toDrawPoints,
} from './points';

const page = { width: 1000, height: 4000 };
const px = (x: number | null, y: number | null, value = 1): HeatmapInputPoint => ({
  x,
  y,
  value,
  isNormalized: false,
});
const pct = (x: number, y: number, value = 1): HeatmapInputPoint => ({ x, y, value, isNormalized: true });

describe('heatmap point rules', () => {
  it('drops points with a null, negative or non-finite coordinate', () => {
    const points = [
      px(null, 10),
      px(10, null),
      px(-1, 10),
      px(10, -0.5),
      px(Number.NaN, 10),
      px(10, Number.POSITIVE_INFINITY),
      px(0, 0),
      px(10, 20),
    ];
    expect(toDrawPoints(points, page)).toEqual([
      { x: 0, y: 0, value: 1 },
      { x: 10, y: 20, value: 1 },
    ]);
  });

  it('reads normalized points as percentages of the page size', () => {
    expect(toDrawPoints([pct(50, 25), pct(12.5, 100)], page)).toEqual([
      { x: 500, y: 1000, value: 1 },
      { x: 125, y: 4000, value: 1 },
    ]);
  });

  it('keeps pixel points as page pixels', () => {
    expect(toDrawPoints([px(300, 2500)], page)).toEqual([{ x: 300, y: 2500, value: 1 }]);
  });

  it('clamps coordinates to the page size', () => {
    expect(toDrawPoints([px(1500, 9000), pct(150, 101)], page)).toEqual([
      { x: 1000, y: 4000, value: 1 },
      { x: 1000, y: 4000, value: 1 },
    ]);
  });

  it(`scales values down when the heaviest passes ${MAX_POINT_VALUE}`, () => {
    const scaled = toDrawPoints([px(1, 1, 40_000), px(2, 2, 20_000), px(3, 3, 4)], page);
    expect(scaled.map((p) => p.value)).toEqual([MAX_POINT_VALUE, 5_000, 1]);
    const kept = toDrawPoints([px(1, 1, MAX_POINT_VALUE), px(2, 2, 3)], page);
    expect(kept.map((p) => p.value)).toEqual([MAX_POINT_VALUE, 3]);
  });

  it('ignores dropped points when finding the heaviest', () => {
    const points = toDrawPoints([px(null, 1, 1_000_000), px(1, 1, 20_000)], page);
    expect(points).toEqual([{ x: 1, y: 1, value: MAX_POINT_VALUE }]);
  });

  it('draws five sample points inside the visible page when the server reports zero clicks', () => {
    const drawn = heatmapDrawPoints({ totalClicks: 0, heatmapPoints: [] }, page, 800);
    expect(drawn).toHaveLength(SAMPLE_POINT_COUNT);
    expect(drawn).toEqual(samplePoints(page, 800));
    for (const p of drawn) {
      expect(p.x).toBeGreaterThan(0);
      expect(p.x).toBeLessThan(page.width);
      expect(p.y).toBeGreaterThan(0);
      expect(p.y).toBeLessThan(800);
      expect(p.value).toBeGreaterThan(0);
    }
  });

  it('draws the real points (possibly none) when there were clicks', () => {
    expect(heatmapDrawPoints({ totalClicks: 2, heatmapPoints: [pct(10, 10, 2)] }, page)).toEqual([
      { x: 100, y: 400, value: 2 },
    ]);
    // Clicks without positions: nothing to draw, and no samples either.
    expect(heatmapDrawPoints({ totalClicks: 3, heatmapPoints: [px(null, null, 3)] }, page)).toEqual([]);
  });

  it('draws an anchored click on its element as laid out now, not at its recorded page position', () => {
    const button = { left: 900, top: 100, width: 200, height: 40 };
    const locate = (selector: string) => (selector === '#donate' ? button : null);
    const clicked = {
      x: 5,
      y: 50,
      value: 1,
      isNormalized: true,
      selector: '#donate',
      anchorX: 0.5,
      anchorY: 0.25,
    };
    expect(toDrawPoints([clicked], page, locate)).toEqual([{ x: 1000, y: 110, value: 1 }]);
    // The element is not on this page (or no locator): the click's page position is drawn.
    expect(toDrawPoints([{ ...clicked, selector: '#gone' }], page, locate)).toEqual([
      { x: 50, y: 2000, value: 1 },
    ]);
    expect(toDrawPoints([clicked], page)).toEqual([{ x: 50, y: 2000, value: 1 }]);
    // Clicks recorded before anchors existed stay page-relative.
    expect(toDrawPoints([{ ...clicked, anchorX: null, anchorY: null }], page, locate)).toEqual([
      { x: 50, y: 2000, value: 1 },
    ]);
  });
});
