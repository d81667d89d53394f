import { PARTNER_CSV_HEADER, partnerCsvRows, partnerRevenue } from '../../../modules/partner-revenue/report';
import { rangeReportResource } from './range-report';

/** GET /partner-revenue/<from>..<to> (/admin/revenues/partners): vendor sales and the platform's commission. */
export const partnerRevenueResource = rangeReportResource({
  name: 'partner-revenue',
  report: partnerRevenue,
  csvHeader: PARTNER_CSV_HEADER,
  csvRows: partnerCsvRows,
});
