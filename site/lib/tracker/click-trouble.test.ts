import { describe, expect, it, vi } from 'vitest';
import {
  createDeadClickWatch,
  deadClicks,
  type PageEvent,
  type RecordedClick,
  rageBursts,
} from './click-trouble';
import { FakeClock } from './fake-clock';

const click = (at: number, x = 100, y = 100, selector = '#donate'): RecordedClick => ({ at, x, y, selector });

describe('rage clicks', () => {
  it('are three clicks on one element within 700 ms and 30 px, counted once per burst', () => {
    expect(rageBursts([click(0), click(200), click(400)])).toEqual([click(400)]);
    // Hammering on: the burst goes on, still one rage click.
    expect(rageBursts([click(0), click(150), click(300), click(450), click(600), click(750)])).toEqual([
      click(300),
    ]);
    // Within 30 px of each other (a diagonal of 21 px), not exactly the same pixel.
    expect(rageBursts([click(0, 100, 100), click(100, 115, 115), click(200, 90, 110)])).toHaveLength(1);
    // A pause of more than 700 ms, then another burst: two.
    expect(rageBursts([click(0), click(100), click(200), click(1500), click(1600), click(1700)])).toEqual([
      click(200),
      click(1700),
    ]);
  });

  it('are not double clicks, slow repeated clicks, clicks far apart or clicks on different elements', () => {
    expect(rageBursts([click(0), click(150)])).toEqual([]);
    expect(rageBursts([click(0), click(400), click(800)])).toEqual([]); // the third is 800 ms after the first
    expect(rageBursts([click(0, 100, 100), click(100, 140, 100), click(200, 180, 100)])).toEqual([]);
    expect(rageBursts([click(0, 10, 10, '#a'), click(100, 10, 10, '#b'), click(200, 10, 10, '#c')])).toEqual(
      [],
    );
  });
});

describe('dead clicks', () => {
  const tap = (at: number, selector = '#save'): PageEvent => ({ kind: 'click', at, selector });

  it('are clicks with no change and no navigation within a second', () => {
    expect(deadClicks([tap(0)], 1000)).toEqual([{ at: 0, selector: '#save' }]);
    // Something changed, but only after the second had passed: still dead.
    expect(deadClicks([tap(0), { kind: 'change', at: 1200 }], 1200)).toEqual([{ at: 0, selector: '#save' }]);
    // Two clicks, only the second answered.
    expect(deadClicks([tap(0), tap(1500, '#go'), { kind: 'change', at: 1600 }], 3000)).toEqual([
      { at: 0, selector: '#save' },
    ]);
  });

  it('are not clicks that changed the page, began a navigation or whose second is not over', () => {
    expect(deadClicks([tap(0), { kind: 'change', at: 40 }], 2000)).toEqual([]);
    expect(deadClicks([tap(0), { kind: 'navigation', at: 900 }], 2000)).toEqual([]);
    expect(deadClicks([tap(0)], 999)).toEqual([]);
  });

  it('are reported by the watch a second after the click, with the clicked element', () => {
    const clock = new FakeClock();
    const dead = vi.fn();
    const watch = createDeadClickWatch(clock, dead);
    watch.clicked('#broken', 'broken button');
    clock.advance(999);
    expect(dead).not.toHaveBeenCalled();
    clock.advance(1);
    expect(dead.mock.calls).toEqual([['broken button']]);
    watch.clicked('#works', 'working button');
    clock.advance(100);
    watch.changed();
    clock.advance(1000);
    expect(dead).toHaveBeenCalledTimes(1);
    // A click followed by a navigation is never dead.
    watch.clicked('#link', 'link');
    watch.navigated();
    clock.advance(2000);
    expect(dead).toHaveBeenCalledTimes(1);
  });
});
