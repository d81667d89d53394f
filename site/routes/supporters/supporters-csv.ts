import type { Context } from 'hono';
import { streamCsv } from '../../../api/doors/rest/lists/csv';
import type { AppEnv } from '../../../api/middleware/app-env';
import { csvAmount } from '../../../api/modules/campaign-dashboard/compliance';
import { countSupporters, supporterPage } from '../../../api/modules/supporters/list';
import type { CampaignSeat } from '../../../api/modules/supporters/team';
import { supporterListPage } from './list-page';
import { readListQuery } from './list-query';

/** The CSV's columns, in order (cents become dollars with cents: csvAmount, as the compliance CSV writes them). */
const COLUMNS = [
  'name',
  'email',
  'state',
  'zip',
  'gave',
  'gifts',
  'monthly',
  'first_gift',
  'last_gift',
  'events',
  'follows',
  'tags',
] as const;

/**
 * GET /supporters/:ownerId/supporters.csv: the list's view (the same filters and sort) streamed in
 * keyset batches, so a campaign of 100,000 downloads in flat memory (api/doors/rest/lists/csv.ts,
 * which also defuses formulas). A refused filter is the list page with its errors.
 */
export async function downloadSupportersCsv(c: Context<AppEnv>, seat: CampaignSeat) {
  const query = readListQuery(c, seat.ownerId);
  if (query.errors) return supporterListPage(c, seat);
  const db = c.get('db');
  return streamCsv(c, {
    resource: 'supporters',
    columns: COLUMNS,
    async total() {
      return (await countSupporters(db, seat.ownerId, query.view.filter)).total;
    },
    async readBatch(limit, after) {
      const page = await supporterPage(db, seat.ownerId, query.view, { limit, after });
      return {
        last: page.last,
        rows: page.rows.map((r) => ({
          name: r.name,
          email: r.email,
          state: r.state,
          zip: r.zip5,
          gave: csvAmount(Number(r.gave_cents)),
          gifts: r.gifts,
          monthly: r.monthly_cents > 0 ? csvAmount(r.monthly_cents) : '',
          first_gift: r.first_gift_at,
          last_gift: r.last_gift_at,
          events: r.events,
          follows: r.follows ? 'yes' : 'no',
          tags: r.tags,
        })),
      };
    },
  });
}
