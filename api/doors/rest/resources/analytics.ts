import { clickTroubleReport } from '../../../modules/analytics/reports/click-trouble';
import { pageViewReport, parseRangeId, trafficReport } from '../../../modules/analytics/reports/report';
import type { RestResource } from '../router';

/**
 * The analytics screen's two reports, each one record whose id is its day range
 * (GET /analytics-traffic/2026-10-24..2026-11-22). Separate resources because they need
 * separate permissions (REST_ACCESS): traffic VIEW_ANALYTICS, page views VIEW_PAGE_VIEWS.
 */
export const analyticsTraffic: RestResource = {
  name: 'analytics-traffic',
  handlers: {
    getOne: async (c) => c.json(await trafficReport(c.get('db'), parseRangeId(c.req.param('id') ?? ''))),
  },
};

export const analyticsPageViews: RestResource = {
  name: 'analytics-page-views',
  handlers: {
    getOne: async (c) => c.json(await pageViewReport(c.get('db'), parseRangeId(c.req.param('id') ?? ''))),
  },
};

/** Rage and dead clicks per page and element (VIEW_ANALYTICS), the same day-range id. */
export const analyticsClickTrouble: RestResource = {
  name: 'analytics-click-trouble',
  handlers: {
    getOne: async (c) => c.json(await clickTroubleReport(c.get('db'), parseRangeId(c.req.param('id') ?? ''))),
  },
};
