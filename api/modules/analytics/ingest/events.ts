/*
 * The rows of tracking events on their way to the database (group-commit.ts). Times are the
 * moment the event was accepted, so reports and the heatmap see when things happened.
 */

/** Where a visit came from: the referrer and the five UTM parameters. */
export interface Attribution {
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
}

export interface SessionWrite extends Attribution {
  id: string;
  userId: number | null;
  visitorHash: string;
  startedAt: Date;
  lastSeenAt: Date;
}

export interface PageViewWrite extends Attribution {
  id: string;
  sessionId: string;
  userId: number | null;
  path: string;
  url: string;
  title: string | null;
  startedAt: Date;
}

export interface ClickWrite {
  sessionId: string;
  userId: number | null;
  path: string;
  selector: string;
  label: string | null;
  x: number | null;
  y: number | null;
  windowWidth: number;
  windowHeight: number;
  isNormalized: boolean;
  /** Shares of the clicked element's box, or null when the tracker sent none. */
  anchorX: number | null;
  anchorY: number | null;
  createdAt: Date;
}

export interface ClickSignalWrite {
  sessionId: string;
  path: string;
  selector: string;
  label: string | null;
  windowWidth: number;
  kind: 'rage' | 'dead';
  createdAt: Date;
}

/** Applied only to a page view of the same analytics session (the caller's cookie). */
export interface PageViewEnd {
  pageViewId: string;
  sessionId: string;
  durationMs: number;
  isExit: boolean;
  /** Percent of the page; null keeps what an earlier end recorded. */
  scrollDepth: number | null;
  endedAt: Date;
}

export interface ActivityWrite {
  userId: number;
  path: string;
  createdAt: Date;
}

export interface Batch {
  sessions: SessionWrite[];
  pageViews: PageViewWrite[];
  clicks: ClickWrite[];
  signals: ClickSignalWrite[];
  activity: ActivityWrite[];
  ends: PageViewEnd[];
}

export const emptyBatch = (): Batch => ({
  sessions: [],
  pageViews: [],
  clicks: [],
  signals: [],
  activity: [],
  ends: [],
});

export const batchSize = (b: Batch) =>
  b.sessions.length +
  b.pageViews.length +
  b.clicks.length +
  b.signals.length +
  b.activity.length +
  b.ends.length;

/** One batch of the rows of many events, in their order (a session's write before its page views). */
export function mergeBatches(batches: Batch[]): Batch {
  if (batches.length === 1) return batches[0]!;
  const merged = emptyBatch();
  for (const b of batches) {
    merged.sessions.push(...b.sessions);
    merged.pageViews.push(...b.pageViews);
    merged.clicks.push(...b.clicks);
    merged.signals.push(...b.signals);
    merged.activity.push(...b.activity);
    merged.ends.push(...b.ends);
  }
  return merged;
}
