import type { Db } from '../../db/client';
import { utcDay } from '../contract/day-ranges';
import { rebuildRollups } from '../modules/analytics/reports/rollup';

/**
 * A month of demo analytics so the console's analytics screen and the heatmap overlay show
 * something on a fresh `npm start`: ~150 sessions, ~450 page views and ~300 clicks over the
 * last 30 days, then the daily rollups of those days. Idempotent: written only when no demo
 * session exists (their visitor hashes start with 'demo:'), so a rerun writes nothing.
 * Pseudo-random with a fixed seed: the same shape every time, dated relative to today.
 */
export const DEMO_VISITOR_PREFIX = 'demo:';
const DAYS = 30;
const SESSIONS = 150;
const DAY_MS = 86_400_000;
const MAX_VIEWS = 5;
const MAX_VIEW_MS = 120_000;
/**
 * The longest a demo session can run: every view at its longest plus the gap after it. A session
 * starts at least this long before `now`, so none of its views, ends or clicks lies in the future
 * (a click stamped minutes ahead would look like a visitor's real click from right now).
 */
const LONGEST_SESSION_MS = MAX_VIEWS * (MAX_VIEW_MS + 1_000) + 2_000;

/** Pages a demo visitor reads, with how likely each is. */
const PAGES: [path: string, title: string, weight: number][] = [
  ['/', 'Campaign HQ', 30],
  ['/merchandise', 'Merchandise', 18],
  ['/merchandise/products', 'Best sellers', 10],
  ['/search', 'Search people', 14],
  ['/membership', 'Membership', 12],
  ['/about', 'About', 6],
  ['/contact', 'Contact', 4],
  ['/faq', 'FAQ', 6],
];
const REFERRERS: [string | null, number][] = [
  [null, 40],
  ['https://www.google.com/', 30],
  ['https://duckduckgo.com/', 8],
  ['https://www.facebook.com/', 12],
  ['https://news.example.org/election-2026/volunteers', 10],
];
const CAMPAIGNS: [{ source: string; medium: string; campaign: string } | null, number][] = [
  [null, 75],
  [{ source: 'newsletter', medium: 'email', campaign: 'fall-volunteer-drive' }, 12],
  [{ source: 'facebook', medium: 'social', campaign: 'gotv-2026' }, 8],
  [{ source: 'partner-site', medium: 'referral', campaign: 'merch-launch' }, 5],
];
/** Where people click on pages with a heatmap worth showing: x, y in percent of the page. */
const HOTSPOTS: Record<string, [selector: string, label: string, x: number, y: number][]> = {
  '/': [
    ['a.hero__cta', 'Join the movement', 50, 12],
    ['nav a[href="/merchandise"]', 'Promotional Items', 38, 2],
    ['nav a[href="/membership"]', 'Political Candidates', 22, 2],
    ['a.card__link', 'Find candidates', 30, 40],
    ['button.newsletter', 'Subscribe', 70, 85],
  ],
  '/merchandise': [
    ['a.product-card', 'Yard sign', 25, 30],
    ['a.product-card', 'T-shirt', 50, 30],
    ['button.add-to-cart', 'Add to cart', 62, 45],
  ],
  '/membership': [
    ['a.plan__choose', 'Campaign Pro', 66, 40],
    ['a.plan__choose', 'Free', 25, 40],
  ],
};

function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(rand: () => number, items: readonly (readonly [...unknown[]])[], weightAt: number): T {
  const total = items.reduce((n, item) => n + (item[weightAt] as number), 0);
  let roll = rand() * total;
  for (const item of items) {
    roll -= item[weightAt] as number;
    if (roll <= 0) return item as T;
  }
  return items[items.length - 1] as T;
}

/** A stable uuid for demo row `n` of a kind, so the demo rows are recognisable. */
const demoUuid = (kind: number, n: number) =>
  `00000000-0000-4000-8${kind.toString(16).padStart(3, '0')}-${n.toString(16).padStart(12, '0')}`;

export async function seedAnalyticsDemo(
  db: Db,
  now = new Date(),
): Promise<{ sessions: number; pageViews: number; clicks: number }> {
  const existing = await db
    .selectFrom('analytics_sessions')
    .select('id')
    .where('visitor_hash', 'like', `${DEMO_VISITOR_PREFIX}%`)
    .limit(1)
    .executeTakeFirst();
  if (existing) return { sessions: 0, pageViews: 0, clicks: 0 };

  const rand = random(20_261_122);
  const sessions = [];
  const pageViews = [];
  const clicks = [];
  // Midnight UTC today; sessions fall on the 30 days ending with yesterday, plus this morning's.
  const today = new Date(`${utcDay(now)}T00:00:00.000Z`).getTime();
  for (let s = 0; s < SESSIONS; s++) {
    const dayOffset = s < 8 ? 0 : 1 + Math.floor(rand() * (DAYS - 1));
    let at = today - dayOffset * DAY_MS + Math.floor(rand() * 20 * 3_600_000);
    const latestStart = now.getTime() - LONGEST_SESSION_MS;
    if (at > latestStart) at = latestStart - Math.floor(rand() * 3_600_000);
    const [referrer] = pick<[string | null, number]>(rand, REFERRERS, 1);
    const [utm] = pick<[(typeof CAMPAIGNS)[number][0], number]>(rand, CAMPAIGNS, 1);
    const sessionId = demoUuid(1, s);
    const views = 1 + Math.floor(rand() * MAX_VIEWS);
    let t = at;
    for (let v = 0; v < views; v++) {
      const [path, title] = pick<(typeof PAGES)[number]>(rand, PAGES, 2);
      const isExit = v === views - 1;
      // Most views report how long they lasted; some ended without a beacon.
      const durationMs = rand() < 0.85 ? 5_000 + Math.floor(rand() * (MAX_VIEW_MS - 5_000)) : null;
      pageViews.push({
        id: demoUuid(2, pageViews.length),
        session_id: sessionId,
        user_id: null,
        path,
        url: `${path}${v === 0 && utm ? `?utm_source=${utm.source}&utm_medium=${utm.medium}&utm_campaign=${utm.campaign}` : ''}`,
        title,
        referrer: v === 0 ? referrer : null,
        utm_source: v === 0 ? (utm?.source ?? null) : null,
        utm_medium: v === 0 ? (utm?.medium ?? null) : null,
        utm_campaign: v === 0 ? (utm?.campaign ?? null) : null,
        utm_term: null,
        utm_content: null,
        started_at: new Date(t),
        duration_ms: durationMs,
        is_exit: isExit,
        ended_at: durationMs === null ? null : new Date(t + durationMs),
      });
      for (const [selector, label, x, y] of HOTSPOTS[path] ?? []) {
        if (rand() < 0.45) {
          clicks.push({
            session_id: sessionId,
            user_id: null,
            path,
            selector,
            label,
            x: Math.round((x + (rand() - 0.5) * 6) * 10) / 10,
            y: Math.round((y + (rand() - 0.5) * 3) * 10) / 10,
            window_width: 1280,
            window_height: 800,
            is_normalized: true,
            created_at: new Date(t + 2_000),
          });
        }
      }
      t += (durationMs ?? 20_000) + 1_000;
    }
    sessions.push({
      id: sessionId,
      user_id: null,
      visitor_hash: `${DEMO_VISITOR_PREFIX}${Math.floor(rand() * 110)}:${dayOffset}`,
      referrer,
      utm_source: utm?.source ?? null,
      utm_medium: utm?.medium ?? null,
      utm_campaign: utm?.campaign ?? null,
      utm_term: null,
      utm_content: null,
      started_at: new Date(at),
      last_seen_at: new Date(Math.min(t, now.getTime())),
    });
  }

  await db.insertInto('analytics_sessions').values(sessions).execute();
  for (let i = 0; i < pageViews.length; i += 500) {
    await db
      .insertInto('analytics_page_views')
      .values(pageViews.slice(i, i + 500))
      .execute();
  }
  for (let i = 0; i < clicks.length; i += 500) {
    await db
      .insertInto('analytics_clicks')
      .values(clicks.slice(i, i + 500))
      .execute();
  }
  await rebuildRollups(db, utcDay(new Date(today - DAYS * DAY_MS)), utcDay(now));
  return { sessions: sessions.length, pageViews: pageViews.length, clicks: clicks.length };
}
