import { sql } from 'kysely';
import type { Db } from '../../../../db/client';

/** How far down one page its page views reached (docs/decisions/0096-heatmaps-that-hold-on-every-screen.md). */
export interface ScrollMap {
  /** Page views that reported a depth. */
  views: number;
  /** reached[d], d = 0..100: the percentage of those page views that scrolled to d % of the page or further. */
  reached: number[];
}

/**
 * The scroll map of one path for the page views started in `[from, to]`: their deepest scroll
 * counted per whole percent, then summed from the bottom up. Reads the partial
 * `(path, started_at) INCLUDE (scroll_depth)` index of migration 0044.
 */
export async function scrollMap(db: Db, query: { path: string; from: Date; to: Date }): Promise<ScrollMap> {
  const rows = await db
    .selectFrom('analytics_page_views')
    .select(['scroll_depth', sql<number>`count(*)::int`.as('n')])
    .where('path', '=', query.path)
    .where('started_at', '>=', query.from)
    .where('started_at', '<=', query.to)
    .where('scroll_depth', 'is not', null)
    .groupBy('scroll_depth')
    .execute();
  const atDepth = new Array<number>(101).fill(0);
  for (const r of rows) atDepth[Math.min(100, Math.max(0, r.scroll_depth ?? 0))]! += r.n;
  const views = atDepth.reduce((a, b) => a + b, 0);
  const reached = new Array<number>(101).fill(0);
  let deeper = 0;
  for (let d = 100; d >= 0; d--) {
    deeper += atDepth[d]!;
    reached[d] = views > 0 ? Math.round((deeper / views) * 1000) / 10 : 0;
  }
  return { views, reached };
}
