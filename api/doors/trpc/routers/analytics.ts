import { z } from 'zod';
import { WIDTH_BANDS } from '../../../contract/heatmap';
import { heatmapData } from '../../../modules/analytics/reports/heatmap';
import { router } from '../init';
import { requirePermission } from '../procedures';

export const analyticsRouter = router({
  /**
   * docs/product/spec.md §7: clicks on one page for the heatmap overlay. `url` may be a full address or
   * a path; from defaults to 30 days before `to`, `to` to now.
   */
  heatmapData: requirePermission('VIEW_ANALYTICS_HEATMAP')
    .input(
      z.object({
        url: z.string().trim().min(1).max(2048),
        from: z.coerce.date().optional(),
        to: z.coerce.date().optional(),
        band: z.enum(WIDTH_BANDS).optional(),
      }),
    )
    .query(({ ctx, input }) => heatmapData(ctx.db, input)),
});
