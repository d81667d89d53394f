import { isAdminPath } from '../choose-layout';

/**
 * The browser tracker's rules (docs/product/spec.md §§4, 5 and 9), free of React and of the DOM's globals
 * so they run under a fake clock in unit tests. site/lib/tracker/tracker.ts applies them;
 * site/islands/Tracker.tsx binds them to the page.
 */
export const START_GUARD_MS = 400;
export const DUPLICATE_WINDOW_MS = 5_000;
export const HEARTBEAT_MS = 60_000;
/** A tracked element's own text is its label only when shorter than this. */
export const LABEL_TEXT_LIMIT = 50;
/** The server accepts 512; labels are for reading in a report, not for storing paragraphs. */
const LABEL_MAX = 200;

export interface Clock {
  /** Wall-clock milliseconds (Date.now): start times are compared across page loads. */
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The part of Storage the tracker uses (sessionStorage in the browser, a Map in tests). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Do-Not-Track '1' or Global Privacy Control on: the tracker does nothing at all. */
export function trackingAllowed(privacy: {
  doNotTrack?: string | null;
  globalPrivacyControl?: boolean;
}): boolean {
  return privacy.doNotTrack !== '1' && privacy.globalPrivacyControl !== true;
}

/** Admin paths (/admin and below) are never page views. */
export function isTrackedPath(path: string): boolean {
  return !isAdminPath(path);
}

export interface LastStart {
  path: string;
  at: number;
}

export type StartDecision = 'start' | 'too-soon' | 'duplicate';

/**
 * Whether a route change may start a page view: not within 400 ms of the previous start (any
 * path), and not the same path again within 5 s (a reload, a double navigation).
 */
export function decideStart(last: LastStart | null, path: string, now: number): StartDecision {
  if (!last) return 'start';
  const since = now - last.at;
  if (since >= 0 && since < START_GUARD_MS) return 'too-soon';
  if (last.path === path && since >= 0 && since < DUPLICATE_WINDOW_MS) return 'duplicate';
  return 'start';
}

const LAST_START_KEY = 'campaignhq.tracker.lastStart';
const LAST_ACTIVITY_KEY = 'campaignhq.tracker.lastActivityPath';

/**
 * The last start outlives the page: every navigation on this site is a full page load, so the
 * 400 ms and 5 s windows are kept in sessionStorage (per tab). A store that throws (storage
 * disabled) reads as "no previous start".
 */
export function readLastStart(store: KeyValueStore | null): LastStart | null {
  try {
    const raw = store?.getItem(LAST_START_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<LastStart>;
    return typeof value.path === 'string' && typeof value.at === 'number'
      ? { path: value.path, at: value.at }
      : null;
  } catch {
    return null;
  }
}

export function writeLastStart(store: KeyValueStore | null, start: LastStart): void {
  try {
    store?.setItem(LAST_START_KEY, JSON.stringify(start));
  } catch {
    // Storage full or disabled: the windows then only hold within this page.
  }
}

/** Signed-in activity is logged once per path change (a reload of the same path is not one). */
export function activityPathChanged(store: KeyValueStore | null, path: string): boolean {
  try {
    if (store?.getItem(LAST_ACTIVITY_KEY) === path) return false;
    store?.setItem(LAST_ACTIVITY_KEY, path);
  } catch {
    // Without storage every page load counts as a change.
  }
  return true;
}

/** UTM parameters of the landing URL's query string. */
export function utmFrom(search: string) {
  const params = new URLSearchParams(search);
  const pick = (name: string) => params.get(`utm_${name}`)?.slice(0, 256) || null;
  return {
    source: pick('source'),
    medium: pick('medium'),
    campaign: pick('campaign'),
    term: pick('term'),
    content: pick('content'),
  };
}

/** What label and selector rules need of an element (a DOM Element satisfies it). */
export interface ElementLike {
  tagName: string;
  id: string;
  textContent: string | null;
  parentElement: ElementLike | null;
  children: ArrayLike<ElementLike>;
  getAttribute(name: string): string | null;
}

export const TRACKED_SELECTOR = '[data-track="button"], [data-track="link"]';

/**
 * A tracked element's label: its data-track-label, else its aria-label, else its own text when
 * shorter than 50 characters, else its CSS selector.
 */
export function labelOf(element: ElementLike): string {
  const explicit =
    element.getAttribute('data-track-label')?.trim() || element.getAttribute('aria-label')?.trim();
  if (explicit) return explicit.slice(0, LABEL_MAX);
  const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
  if (text.length > 0 && text.length < LABEL_TEXT_LIMIT) return text;
  return selectorOf(element).slice(0, LABEL_MAX);
}

const SIMPLE_ID = /^[A-Za-z][\w-]*$/;
const MAX_DEPTH = 5;

/**
 * A CSS selector that finds the element again: up to 5 levels of `tag:nth-of-type(n)`, stopping
 * at the nearest ancestor with a usable id. Good enough to group heatmap clicks by element.
 */
export function selectorOf(element: ElementLike): string {
  const parts: string[] = [];
  let node: ElementLike | null = element;
  for (let depth = 0; node && depth < MAX_DEPTH; depth++) {
    if (node.id && SIMPLE_ID.test(node.id)) {
      parts.unshift(`#${node.id}`);
      break;
    }
    const tag = node.tagName.toLowerCase();
    if (tag === 'html' || tag === 'body') {
      parts.unshift(tag);
      break;
    }
    const parent: ElementLike | null = node.parentElement;
    let part = tag;
    if (parent) {
      const sameTag = Array.from(parent.children).filter((c) => c.tagName === node?.tagName);
      if (sameTag.length > 1) part += `:nth-of-type(${sameTag.indexOf(node) + 1})`;
    }
    parts.unshift(part);
    node = parent;
  }
  return parts.join(' > ');
}

/**
 * Click position as percentages of the whole page (not the viewport), so the heatmap can draw it
 * on a page of another size. Two decimals; clamped to 0–100.
 */
export function normalizedPoint(
  page: { x: number; y: number },
  size: { width: number; height: number },
): { x: number; y: number } {
  const percent = (value: number, total: number) =>
    total > 0 ? Math.round(Math.min(100, Math.max(0, (value / total) * 100)) * 100) / 100 : 0;
  return { x: percent(page.x, size.width), y: percent(page.y, size.height) };
}

/**
 * Sends a heartbeat every 60 s while the tab is visible, and one at once when it becomes
 * visible again; nothing while hidden.
 */
export function createHeartbeat(clock: Clock, beat: () => void, intervalMs = HEARTBEAT_MS) {
  let timer: unknown = null;
  const stop = () => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  };
  const schedule = () => {
    timer = clock.setTimeout(() => {
      beat();
      schedule();
    }, intervalMs);
  };
  return {
    /** The page loaded (visible or not). The load itself already told the server we are here. */
    start(visible: boolean) {
      stop();
      if (visible) schedule();
    },
    visibilityChanged(visible: boolean) {
      stop();
      if (visible) {
        beat();
        schedule();
      }
    },
    stop,
  };
}
