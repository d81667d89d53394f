import { sql } from 'kysely';
import type { Db } from '../../../../db/client';
import type { ClickTroubleReport, ClickTroubleRow } from '../../../contract/analytics-reports';
import { type DayRange, dayStart, rangeId } from '../../../contract/day-ranges';
import type { WidthBand } from '../../../contract/heatmap';

/**
 * Rage and dead clicks counted per element (docs/decisions/0096-heatmaps-that-hold-on-every-screen.md),
 * read from analytics_click_signals, which the tracker fills only for tracked buttons and links.
 * Signals are rare next to clicks (a burst is one row), so they are read raw by the
 * `(path, created_at)` and `(created_at)` indexes.
 */

/** Elements listed per page (issue 54: top 10 per page). */
export const TROUBLE_PER_PAGE = 10;
/** Pages listed on the analytics screen, those with the most rage and dead clicks first. */
const TROUBLE_PAGES = 20;
const DAY_MS = 86_400_000;

/** The top elements of one page in `[from, to]` (and band), for the heatmap overlay's marks. */
export async function pageClickTrouble(
  db: Db,
  query: { path: string; from: Date; to: Date; band?: WidthBand },
): Promise<ClickTroubleRow[]> {
  let rows = db
    .selectFrom('analytics_click_signals')
    .where('path', '=', query.path)
    .where('created_at', '>=', query.from)
    .where('created_at', '<=', query.to);
  if (query.band) rows = rows.where('band', '=', query.band);
  const found = await rows
    .select([
      'selector',
      sql<string>`max(label)`.as('label'),
      sql<number>`count(*) FILTER (WHERE kind = 'rage')::int`.as('rage'),
      sql<number>`count(*) FILTER (WHERE kind = 'dead')::int`.as('dead'),
    ])
    .groupBy('selector')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('selector')
    .limit(TROUBLE_PER_PAGE)
    .execute();
  return found.map((r) => ({
    selector: r.selector,
    label: r.label ?? r.selector,
    rage: r.rage,
    dead: r.dead,
  }));
}

/** The analytics screen's list: pages by rage + dead clicks in the day range, each with its top 10 elements. */
export async function clickTroubleReport(db: Db, range: DayRange): Promise<ClickTroubleReport> {
  const from = dayStart(range.from);
  const end = new Date(dayStart(range.to).getTime() + DAY_MS);
  const { rows } = await sql<{
    path: string;
    selector: string;
    label: string | null;
    rage: number;
    dead: number;
    page_rage: number;
    page_dead: number;
  }>`
    WITH per_element AS (
      SELECT path, selector, max(label) AS label,
             count(*) FILTER (WHERE kind = 'rage')::int AS rage,
             count(*) FILTER (WHERE kind = 'dead')::int AS dead
      FROM analytics_click_signals
      WHERE created_at >= ${from} AND created_at < ${end}
      GROUP BY path, selector
    ), ranked AS (
      SELECT *, row_number() OVER (PARTITION BY path ORDER BY rage + dead DESC, selector) AS n,
             sum(rage) OVER (PARTITION BY path)::int AS page_rage,
             sum(dead) OVER (PARTITION BY path)::int AS page_dead
      FROM per_element
    ), pages AS (
      SELECT path FROM ranked WHERE n = 1
      ORDER BY page_rage + page_dead DESC, path LIMIT ${TROUBLE_PAGES}
    )
    SELECT r.path, r.selector, r.label, r.rage, r.dead, r.page_rage, r.page_dead
    FROM ranked r JOIN pages p USING (path)
    WHERE r.n <= ${TROUBLE_PER_PAGE}
    ORDER BY r.page_rage + r.page_dead DESC, r.path, r.n`.execute(db);

  const pages: ClickTroubleReport['pages'] = [];
  for (const r of rows) {
    let page = pages[pages.length - 1];
    if (page?.path !== r.path) {
      page = { path: r.path, rage: r.page_rage, dead: r.page_dead, elements: [] };
      pages.push(page);
    }
    page.elements.push({ selector: r.selector, label: r.label ?? r.selector, rage: r.rage, dead: r.dead });
  }
  return { id: rangeId(range), from: range.from, to: range.to, pages };
}
