import { z } from 'zod';
import { CLICK_SIGNALS } from '../../../contract/heatmap';
import { isStorableText } from './storable-text';

/**
 * Inputs of the tracking doors (tRPC `tracking.*`, POST /api/analytics/beacon-end and
 * POST /api/log-activity). Every string is bounded: these endpoints are public and their rows
 * are kept for a year, so a client must not be able to store megabytes per event.
 */
export const MAX_URL = 2048;
export const MAX_TEXT = 512;
const MAX_UTM = 256;
/** A page left open for a week is still one page view; anything longer is a broken client. */
const MAX_DURATION_MS = 7 * 24 * 60 * 60 * 1000;
/** Coordinates are pixels or percentages; no page is a million pixels tall. */
const MAX_COORDINATE = 1_000_000;
const MAX_WINDOW = 100_000;

/**
 * Every tracked string: bounded, and storable (no NUL, no lone surrogate), so an event that would
 * make the database refuse its batch is a 400 at the door instead (docs/decisions/0013-ingest-group-commit.md).
 */
const text = (max: number, tooLong = `At most ${max} characters.`) =>
  z.string().max(max, tooLong).refine(isStorableText, 'Remove the NUL or unpaired surrogate characters.');

/** Empty strings (no referrer, no campaign) are stored as NULL. */
const optionalText = (max: number) =>
  text(max)
    .transform((v) => (v.trim() === '' ? null : v.trim()))
    .nullish()
    .transform((v) => v ?? null);

/** A same-site path (`/about?x=1`) or an absolute http(s) URL, as `location.href` gives it. */
const pageUrl = text(MAX_URL, `URLs are at most ${MAX_URL} characters.`)
  .trim()
  .min(1, 'A URL is required.')
  .refine((v) => v.startsWith('/') || /^https?:\/\//i.test(v), 'Use a path or an http(s) URL.');

export const utmInput = z
  .object({
    source: optionalText(MAX_UTM),
    medium: optionalText(MAX_UTM),
    campaign: optionalText(MAX_UTM),
    term: optionalText(MAX_UTM),
    content: optionalText(MAX_UTM),
  })
  .partial()
  .nullish()
  .transform((u) => ({
    source: u?.source ?? null,
    medium: u?.medium ?? null,
    campaign: u?.campaign ?? null,
    term: u?.term ?? null,
    content: u?.content ?? null,
  }));

export type Utm = z.output<typeof utmInput>;

export const sessionStartInput = z
  .object({ referrer: optionalText(MAX_URL), utm: utmInput })
  .partial()
  .nullish()
  .transform((v) => ({ referrer: v?.referrer ?? null, utm: v?.utm ?? utmInput.parse(undefined) }));

export const pageViewInput = z.object({
  url: pageUrl,
  title: optionalText(MAX_TEXT),
  referrer: optionalText(MAX_URL),
  utm: utmInput,
});

const durationMs = z
  .number()
  .finite()
  .min(0, 'Durations cannot be negative.')
  .max(MAX_DURATION_MS)
  .transform(Math.round);

export const pageViewId = z.uuid('Unknown page view.');

/** The deepest scroll of the page view, percent of the page; absent from older trackers. */
const scrollDepth = z
  .number()
  .finite()
  .min(0, 'Scroll depth is a percentage.')
  .max(100, 'Scroll depth is a percentage.')
  .transform(Math.round)
  .nullish()
  .transform((v) => v ?? null);

export const endPageViewInput = z.object({
  pageViewId,
  durationMs,
  isExit: z.boolean().default(false),
  scrollDepth,
});

/** The sendBeacon body: no isExit, because a hidden page may or may not come back. */
export const beaconEndInput = z.object({ pageViewId, durationMs, scrollDepth });

const coordinate = z.number().finite().min(-MAX_COORDINATE).max(MAX_COORDINATE).nullable();
const windowSize = z.number().int().min(0).max(MAX_WINDOW);
/** Where in the clicked element's box, as a share of its width or height (0–1). */
const anchorShare = z
  .number()
  .finite()
  .min(0, 'An anchor is a share of the element, 0 to 1.')
  .max(1, 'An anchor is a share of the element, 0 to 1.')
  .nullish()
  .transform((v) => v ?? null);

/** The click payload of docs/product/spec.md §7, plus the tracked element's label (what reports show). */
export const clickInput = z.object({
  url: pageUrl,
  selector: text(MAX_TEXT).trim().min(1, 'A selector is required.'),
  label: optionalText(MAX_TEXT),
  x: coordinate,
  y: coordinate,
  windowWidth: windowSize,
  windowHeight: windowSize,
  isNormalized: z.boolean(),
  anchorX: anchorShare,
  anchorY: anchorShare,
});

/** A rage burst or a dead click on a tracked element, as the tracker detected it (site/lib/tracker/click-trouble.ts). */
export const clickSignalInput = z.object({
  url: pageUrl,
  selector: text(MAX_TEXT).trim().min(1, 'A selector is required.'),
  label: optionalText(MAX_TEXT),
  windowWidth: windowSize,
  kind: z.enum(CLICK_SIGNALS),
});

export const activityInput = z.object({
  userId: z.number().int().positive(),
  path: pageUrl,
});

export type SessionStartInput = z.output<typeof sessionStartInput>;
export type PageViewInput = z.output<typeof pageViewInput>;
export type EndPageViewInput = z.output<typeof endPageViewInput>;
export type BeaconEndInput = z.output<typeof beaconEndInput>;
export type ClickInput = z.output<typeof clickInput>;
export type ClickSignalInput = z.output<typeof clickSignalInput>;
export type ActivityInput = z.output<typeof activityInput>;

/**
 * The path alone, as reports and the heatmap group by it: no query string, no fragment, no
 * origin. `/about?utm_source=x#team` and `https://host/about` are both `/about`.
 */
export function pathOf(url: string): string {
  try {
    return new URL(url, 'http://path.invalid').pathname.slice(0, MAX_URL) || '/';
  } catch {
    return '/';
  }
}
