import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/middleware/app-env';
import { downloadComplianceCsvOf } from '../campaign-dashboard/compliance-csv';
import { downloadNoticeFileOf } from '../campaign-dashboard/notice-forms';
import {
  downloadFecFileOf,
  downloadReportCsvOf,
  showReportsOf,
} from '../campaign-dashboard/report-downloads';
import { treasurersOnly } from './treasurer-guard';
import { showCampaignMoney, showTreasury } from './treasury-pages';

/**
 * /treasury (docs/decisions/0090-fec-reports.md): what a treasurer sees of a candidate's campaign:
 * its money, its contributions (compliance CSV), its 48-hour notices and its FEC reports, through the same pages and files the
 * candidate uses, each behind the treasurer guard.
 */
export function registerTreasuryRoutes(app: Hono<AppEnv>) {
  app.get('/treasury', showTreasury);
  app.get('/treasury/:candidateId', treasurersOnly(showCampaignMoney));
  app.get('/treasury/:candidateId/compliance.csv', treasurersOnly(downloadComplianceCsvOf));
  app.get('/treasury/:candidateId/reports', treasurersOnly(showReportsOf));
  app.get('/treasury/:candidateId/reports/report.fec', treasurersOnly(downloadFecFileOf));
  app.get('/treasury/:candidateId/reports/report.csv', treasurersOnly(downloadReportCsvOf));
  app.get(
    '/treasury/:candidateId/notices/:id/form6.fec',
    treasurersOnly((c, candidateId) => downloadNoticeFileOf(c, candidateId)),
  );
}
