/**
 * Rage and dead clicks on tracked elements (issue 54; docs/decisions/0096-heatmaps-that-hold-on-every-screen.md),
 * detected in the browser because only the page knows whether anything happened after a click.
 * Pure rules over recorded sequences, so they are tested on sequences; the tracker feeds them.
 */

/** A tracked click: when (ms), where in the viewport (px), on which element. */
export interface RecordedClick {
  at: number;
  x: number;
  y: number;
  selector: string;
}

/** Rage: this many clicks or more, each within RAGE_WINDOW_MS of the first and RAGE_RADIUS_PX of the latest. */
export const RAGE_CLICKS = 3;
export const RAGE_WINDOW_MS = 700;
export const RAGE_RADIUS_PX = 30;
/** Dead: nothing on the page changed and no navigation began within this long after the click. */
export const DEAD_AFTER_MS = 1000;

const near = (a: RecordedClick, b: RecordedClick) => Math.hypot(a.x - b.x, a.y - b.y) <= RAGE_RADIUS_PX;

/**
 * Feeds clicks one at a time and says which click makes a rage burst: the third of three clicks on
 * one element within 700 ms and 30 px. Clicks that keep an already counted burst going (each within
 * 700 ms of the previous one and 30 px of it) do not count again, so one burst is one rage click.
 */
export function createRageDetector() {
  let recent: RecordedClick[] = [];
  /** The last click of the burst already counted, per element. */
  const counted = new Map<string, RecordedClick>();
  return {
    add(click: RecordedClick): boolean {
      recent = recent.filter((c) => click.at - c.at <= RAGE_WINDOW_MS);
      const last = counted.get(click.selector);
      if (last && click.at - last.at <= RAGE_WINDOW_MS && near(last, click)) {
        counted.set(click.selector, click);
        recent.push(click);
        return false;
      }
      counted.delete(click.selector);
      const burst = recent.filter((c) => c.selector === click.selector && near(c, click));
      recent.push(click);
      if (burst.length + 1 < RAGE_CLICKS) return false;
      counted.set(click.selector, click);
      return true;
    },
  };
}

/** The clicks of a recorded sequence that each made a rage burst. */
export function rageBursts(clicks: readonly RecordedClick[]): RecordedClick[] {
  const detector = createRageDetector();
  return clicks.filter((c) => detector.add(c));
}

/** What the page did, as the tracker records it. */
export type PageEvent =
  | { kind: 'click'; at: number; selector: string }
  /** The document changed (a DOM mutation). */
  | { kind: 'change'; at: number }
  /** A navigation began (beforeunload, pagehide, popstate, hashchange). */
  | { kind: 'navigation'; at: number };

/**
 * The dead clicks of a recorded sequence: clicks after which no change and no navigation came
 * within DEAD_AFTER_MS. A click whose second has not passed by `until` (the end of the recording)
 * is not judged yet.
 */
export function deadClicks(events: readonly PageEvent[], until: number): { at: number; selector: string }[] {
  const reactions = events.filter((e) => e.kind !== 'click').map((e) => e.at);
  return events.flatMap((e) => {
    if (e.kind !== 'click' || until - e.at < DEAD_AFTER_MS) return [];
    const answered = reactions.some((at) => at >= e.at && at - e.at <= DEAD_AFTER_MS);
    return answered ? [] : [{ at: e.at, selector: e.selector }];
  });
}

/** The part of the tracker's clock the watch needs. */
interface Timer {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
}

/**
 * Watches each tracked click for a second and reports it dead when nothing happened: the tracker
 * calls `changed` on DOM mutations and `navigated` when a navigation begins. Keeps only the events
 * of the last few seconds.
 */
export function createDeadClickWatch<T>(clock: Timer, onDead: (element: T) => void) {
  let events: PageEvent[] = [];
  return {
    clicked(selector: string, element: T) {
      const at = clock.now();
      const click: PageEvent = { kind: 'click', at, selector };
      events.push(click);
      clock.setTimeout(() => {
        const until = clock.now();
        const dead = deadClicks([click, ...events.filter((e) => e.kind !== 'click')], until).length > 0;
        events = events.filter((e) => e !== click && until - e.at <= DEAD_AFTER_MS);
        if (dead) onDead(element);
      }, DEAD_AFTER_MS);
    },
    changed() {
      events.push({ kind: 'change', at: clock.now() });
    },
    navigated() {
      events.push({ kind: 'navigation', at: clock.now() });
    },
  };
}
