import { type Kysely, sql } from 'kysely';

/**
 * Heatmaps that hold on every screen (docs/decisions/0096-heatmaps-that-hold-on-every-screen.md):
 * - each click's width band, computed from the window width it was made in, so every click, old
 *   or new, is filed the same way (the cuts are api/contract/heatmap.ts's);
 * - where inside the clicked element the click landed, as shares (0–1) of its box, so the overlay
 *   can draw it on the element wherever the element sits now (null for clicks recorded before);
 * - the deepest scroll of a page view, in percent of the page, sent with its end and beacon;
 * - rage and dead clicks reported by the tracker, one row per burst or dead click.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE analytics_clicks
      ADD COLUMN band text GENERATED ALWAYS AS (
        CASE WHEN window_width >= 1280 THEN 'wide' WHEN window_width >= 768 THEN 'medium' ELSE 'narrow' END
      ) STORED,
      ADD COLUMN anchor_x real CHECK (anchor_x BETWEEN 0 AND 1),
      ADD COLUMN anchor_y real CHECK (anchor_y BETWEEN 0 AND 1)`.execute(db);
  await sql`CREATE INDEX analytics_clicks_path_band_time ON analytics_clicks (path, band, created_at)`.execute(
    db,
  );

  await sql`
    ALTER TABLE analytics_page_views
      ADD COLUMN scroll_depth smallint CHECK (scroll_depth BETWEEN 0 AND 100)`.execute(db);
  // The scroll map reads one page's depths over 30 days; only page views that reported one.
  await sql`
    CREATE INDEX analytics_page_views_path_scroll ON analytics_page_views (path, started_at)
      INCLUDE (scroll_depth) WHERE scroll_depth IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE analytics_click_signals (
      id bigserial PRIMARY KEY,
      session_id uuid NOT NULL,
      path text NOT NULL,
      selector text NOT NULL,
      label text,
      window_width integer NOT NULL,
      band text GENERATED ALWAYS AS (
        CASE WHEN window_width >= 1280 THEN 'wide' WHEN window_width >= 768 THEN 'medium' ELSE 'narrow' END
      ) STORED,
      kind text NOT NULL CHECK (kind IN ('rage', 'dead')),
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX analytics_click_signals_path_time ON analytics_click_signals (path, created_at)`.execute(
    db,
  );
  await sql`CREATE INDEX analytics_click_signals_time ON analytics_click_signals (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE analytics_click_signals`.execute(db);
  await sql`DROP INDEX analytics_page_views_path_scroll`.execute(db);
  await sql`ALTER TABLE analytics_page_views DROP COLUMN scroll_depth`.execute(db);
  await sql`DROP INDEX analytics_clicks_path_band_time`.execute(db);
  await sql`ALTER TABLE analytics_clicks DROP COLUMN band, DROP COLUMN anchor_x, DROP COLUMN anchor_y`.execute(
    db,
  );
}
