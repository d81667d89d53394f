import { describe, expect, it } from 'vitest';
import { anchorShare } from './click-anchor';

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
