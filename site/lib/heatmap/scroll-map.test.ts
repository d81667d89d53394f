import { describe, expect, it } from 'vitest';
import { depthReachedBy, scrollGradient, scrollMarkers } from './scroll-map';

/** reached[d] for page views whose deepest scrolls are `depths`. */
const reachedOf = (depths: number[]) =>
  Array.from({ length: 101 }, (_, d) => (depths.filter((x) => x >= d).length / depths.length) * 100);

describe('the scroll map', () => {
  it('puts each line at the deepest point that share of visitors reached', () => {
    const reached = reachedOf([10, 20, 30, 40, 50, 60, 70, 80]);
    expect(depthReachedBy(reached, 100)).toBe(10);
    expect(depthReachedBy(reached, 50)).toBe(50);
    expect(depthReachedBy(reached, 25)).toBe(70);
    expect(scrollMarkers({ views: 8, reached }, 2000)).toEqual([
      { share: 75, y: 600 },
      { share: 50, y: 1000 },
      { share: 25, y: 1400 },
    ]);
  });

  it('draws no lines without page views that reported a depth', () => {
    expect(scrollMarkers({ views: 0, reached: new Array(101).fill(0) }, 2000)).toEqual([]);
  });

  it('fades the gradient as fewer visitors got further down', () => {
    const gradient = scrollGradient(reachedOf([50, 100]));
    expect(gradient).toMatch(/^linear-gradient\(to bottom, rgb\(26 43 76 \/ 0\.55\) 0%/);
    expect(gradient).toContain('rgb(26 43 76 / 0.28) 55%');
    expect(gradient).toContain('rgb(26 43 76 / 0.28) 100%');
  });
});
