import { describe, expect, it } from 'vitest';
import { anchorShare, scrollDepthPercent } from './click-anchor';

describe('anchorShare', () => {
  it('gives the click as shares of the element box', () => {
    expect(
      anchorShare({ clientX: 150, clientY: 30 }, { left: 100, top: 20, width: 200, height: 40 }),
    ).toEqual({
      anchorX: 0.25,
      anchorY: 0.25,
    });
  });

  it('keeps a click on the edge inside 0–1 (a border pixel can round outside)', () => {
    expect(anchorShare({ clientX: 99, clientY: 61 }, { left: 100, top: 20, width: 200, height: 40 })).toEqual(
      {
        anchorX: 0,
        anchorY: 1,
      },
    );
  });

  it('has no anchor for an element without a box', () => {
    expect(anchorShare({ clientX: 5, clientY: 5 }, { left: 0, top: 0, width: 0, height: 20 })).toBeNull();
  });
});

describe('scrollDepthPercent', () => {
  it('is how far down the page the window reaches, in whole percent', () => {
    expect(scrollDepthPercent({ scrollY: 0, viewportHeight: 800, pageHeight: 3200 })).toBe(25);
    expect(scrollDepthPercent({ scrollY: 1601, viewportHeight: 800, pageHeight: 3200 })).toBe(75);
    // Overscroll (rubber-banding) stays within 0–100; a page shorter than the window is seen whole.
    expect(scrollDepthPercent({ scrollY: 3000, viewportHeight: 800, pageHeight: 3200 })).toBe(100);
    expect(scrollDepthPercent({ scrollY: 0, viewportHeight: 800, pageHeight: 500 })).toBe(100);
  });
});
