import { describe, expect, it, vi } from 'vitest';
import { FakeClock, memoryStore } from './fake-clock';
import {
  activityPathChanged,
  createHeartbeat,
  DUPLICATE_WINDOW_MS,
  decideStart,
  type ElementLike,
  isTrackedPath,
  labelOf,
  normalizedPoint,
  readLastStart,
  START_GUARD_MS,
  selectorOf,
  trackingAllowed,
  utmFrom,
  writeLastStart,
} from './rules';

describe('start rules', () => {
  const at = 1_000_000;

  it('starts when nothing started before', () => {
    expect(decideStart(null, '/about', at)).toBe('start');
  });

  it('skips any start within 400 ms of the previous one', () => {
    const last = { path: '/about', at };
    expect(START_GUARD_MS).toBe(400);
    expect(decideStart(last, '/faq', at + 399)).toBe('too-soon');
    expect(decideStart(last, '/faq', at + 400)).toBe('start');
  });

  it('suppresses the same path within 5 s, not another path', () => {
    const last = { path: '/about', at };
    expect(DUPLICATE_WINDOW_MS).toBe(5_000);
    expect(decideStart(last, '/about', at + 4_999)).toBe('duplicate');
    expect(decideStart(last, '/about', at + 5_000)).toBe('start');
    expect(decideStart(last, '/faq', at + 1_000)).toBe('start');
  });

  it('keeps the last start across page loads in session storage', () => {
    const store = memoryStore();
    expect(readLastStart(store)).toBeNull();
    writeLastStart(store, { path: '/about', at });
    expect(readLastStart(store)).toEqual({ path: '/about', at });
    store.setItem('campaignhq.tracker.lastStart', '{broken');
    expect(readLastStart(store)).toBeNull();
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readLastStart(throwing)).toBeNull();
    expect(() => writeLastStart(throwing, { path: '/', at })).not.toThrow();
  });

  it('logs activity once per path change', () => {
    const store = memoryStore();
    expect(activityPathChanged(store, '/about')).toBe(true);
    expect(activityPathChanged(store, '/about')).toBe(false);
    expect(activityPathChanged(store, '/faq')).toBe(true);
  });
});

describe('privacy and paths', () => {
  it("skips everything when Do-Not-Track is '1' or Global Privacy Control is on", () => {
    expect(trackingAllowed({ doNotTrack: '1' })).toBe(false);
    expect(trackingAllowed({ globalPrivacyControl: true })).toBe(false);
    expect(trackingAllowed({ doNotTrack: '0', globalPrivacyControl: false })).toBe(true);
    expect(trackingAllowed({ doNotTrack: null })).toBe(true);
    expect(trackingAllowed({})).toBe(true);
  });

  it('does not track admin paths as page views', () => {
    expect(isTrackedPath('/admin')).toBe(false);
    expect(isTrackedPath('/admin/analytics')).toBe(false);
    expect(isTrackedPath('/administration')).toBe(true);
    expect(isTrackedPath('/about')).toBe(true);
  });

  it('reads UTM parameters from the query string', () => {
    expect(utmFrom('?utm_source=news&utm_campaign=fall&x=1')).toEqual({
      source: 'news',
      medium: null,
      campaign: 'fall',
      term: null,
      content: null,
    });
  });
});

/** A tiny element tree: enough of the DOM for label and selector rules. */
function el(
  tagName: string,
  options: { id?: string; attrs?: Record<string, string>; text?: string; children?: ElementLike[] } = {},
): ElementLike {
  const element: ElementLike = {
    tagName: tagName.toUpperCase(),
    id: options.id ?? '',
    textContent: options.text ?? null,
    parentElement: null,
    children: options.children ?? [],
    getAttribute: (name) => options.attrs?.[name] ?? null,
  };
  for (const child of options.children ?? []) child.parentElement = element;
  return element;
}

describe('labels of tracked elements', () => {
  it('prefers data-track-label', () => {
    const link = el('a', {
      attrs: { 'data-track-label': 'Header: Shop', 'aria-label': 'Shop' },
      text: 'Shop now',
    });
    expect(labelOf(link)).toBe('Header: Shop');
  });

  it('then the aria-label', () => {
    expect(labelOf(el('button', { attrs: { 'aria-label': 'Open cart' }, text: '🛒' }))).toBe('Open cart');
  });

  it('then its own text, trimmed, when shorter than 50 characters', () => {
    expect(labelOf(el('button', { text: '   Add to\n   cart  ' }))).toBe('Add to cart');
    expect(labelOf(el('a', { text: 'x'.repeat(49) }))).toBe('x'.repeat(49));
  });

  it('falls back to a CSS selector for long or empty text', () => {
    const long = el('a', { text: 'x'.repeat(50) });
    const empty = el('button', { text: '  ' });
    el('nav', { id: 'main-nav', children: [el('a'), long] });
    el('div', { id: 'bar', children: [empty] });
    expect(labelOf(long)).toBe('#main-nav > a:nth-of-type(2)');
    expect(labelOf(empty)).toBe('#bar > button');
  });
});

describe('selectors', () => {
  it('stops at the nearest id and numbers same-tag siblings', () => {
    const target = el('a');
    const li = el('li', { children: [target] });
    el('ul', { children: [el('li'), li, el('li')] });
    const ul = li.parentElement!;
    el('nav', { id: 'site-nav', children: [ul] });
    expect(selectorOf(target)).toBe('#site-nav > ul > li:nth-of-type(2) > a');
  });

  it('uses the element id itself when it has one', () => {
    expect(selectorOf(el('button', { id: 'donate' }))).toBe('#donate');
  });

  it('stops at body and at five levels', () => {
    let node = el('span');
    const leaf = node;
    for (let i = 0; i < 8; i++) node = el('div', { children: [node] });
    expect(selectorOf(leaf).split(' > ')).toHaveLength(5);
    const b = el('button');
    el('body', { children: [b] });
    expect(selectorOf(b)).toBe('body > button');
  });
});

describe('click points', () => {
  it('are percentages of the page size, two decimals, clamped', () => {
    expect(normalizedPoint({ x: 640, y: 300 }, { width: 1280, height: 2400 })).toEqual({ x: 50, y: 12.5 });
    expect(normalizedPoint({ x: 1, y: 2 }, { width: 3, height: 3 })).toEqual({ x: 33.33, y: 66.67 });
    expect(normalizedPoint({ x: 2000, y: -5 }, { width: 1000, height: 1000 })).toEqual({ x: 100, y: 0 });
    expect(normalizedPoint({ x: 5, y: 5 }, { width: 0, height: 0 })).toEqual({ x: 0, y: 0 });
  });
});

describe('heartbeat', () => {
  it('beats every 60 s while visible, not while hidden, and at once on becoming visible', () => {
    const clock = new FakeClock();
    const beat = vi.fn();
    const heartbeat = createHeartbeat(clock, beat);
    heartbeat.start(true);
    clock.advance(59_999);
    expect(beat).toHaveBeenCalledTimes(0);
    clock.advance(1);
    expect(beat).toHaveBeenCalledTimes(1);
    clock.advance(120_000);
    expect(beat).toHaveBeenCalledTimes(3);

    heartbeat.visibilityChanged(false);
    clock.advance(600_000);
    expect(beat).toHaveBeenCalledTimes(3);

    heartbeat.visibilityChanged(true);
    expect(beat).toHaveBeenCalledTimes(4);
    clock.advance(60_000);
    expect(beat).toHaveBeenCalledTimes(5);
    heartbeat.stop();
    clock.advance(600_000);
    expect(beat).toHaveBeenCalledTimes(5);
    expect(clock.pendingTimers).toBe(0);
  });

  it('does not beat for a page loaded in a hidden tab until it is shown', () => {
    const clock = new FakeClock();
    const beat = vi.fn();
    const heartbeat = createHeartbeat(clock, beat);
    heartbeat.start(false);
    clock.advance(300_000);
    expect(beat).not.toHaveBeenCalled();
    heartbeat.visibilityChanged(true);
    expect(beat).toHaveBeenCalledTimes(1);
  });
});
