import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/middleware/app-env';
import { candidatesOnly } from './candidate-guard';
import { saveCommitteeDetails, showCommittee } from './committee-forms';
import { downloadComplianceCsv } from './compliance-csv';
import { addCampaign, archiveOwnCampaign, saveElections, savePitch, showDashboard } from './dashboard-forms';
import { emailEventPeople } from './event-people-forms';
import { downloadNoticeFile, markFiled } from './notice-forms';
import { addOutreachCampaign, emailSupporters, showOutreach } from './outreach-forms';
import { downloadFecFile, downloadReportCsv, showReports } from './report-downloads';
import { downloadSourcesCsv } from './sources-csv';
import { addTreasurer, removeTreasurer, showTreasurers } from './treasurer-forms';

/**
 * /campaign-dashboard (docs/decisions/0023-campaign-dashboard-and-refunds.md): candidates only, while the campaign-donations toggle
 * is on; visitors go to sign in. Each form is its own POST, so everything works without JavaScript.
 */
export function registerCampaignDashboardRoutes(app: Hono<AppEnv>) {
  app.get('/campaign-dashboard', candidatesOnly(showDashboard));
  app.get('/campaign-dashboard/compliance.csv', candidatesOnly(downloadComplianceCsv));
  app.get('/campaign-dashboard/sources.csv', candidatesOnly(downloadSourcesCsv));
  app.post('/campaign-dashboard/elections', candidatesOnly(saveElections));
  app.post('/campaign-dashboard/pitch', candidatesOnly(savePitch));
  app.post('/campaign-dashboard/campaigns', candidatesOnly(addCampaign));
  app.post('/campaign-dashboard/campaigns/:id/archive', candidatesOnly(archiveOwnCampaign));
  // The committee's FEC details (docs/decisions/0090-fec-reports.md).
  app.get('/campaign-dashboard/committee', candidatesOnly(showCommittee));
  app.post('/campaign-dashboard/committee', candidatesOnly(saveCommitteeDetails));
  app.get('/campaign-dashboard/reports', candidatesOnly(showReports));
  app.get('/campaign-dashboard/reports/report.fec', candidatesOnly(downloadFecFile));
  app.get('/campaign-dashboard/reports/report.csv', candidatesOnly(downloadReportCsv));
  app.get('/campaign-dashboard/notices/:id/form6.fec', candidatesOnly(downloadNoticeFile));
  app.post('/campaign-dashboard/notices/:id/filed', candidatesOnly(markFiled));
  app.get('/campaign-dashboard/treasurers', candidatesOnly(showTreasurers));
  app.post('/campaign-dashboard/treasurers', candidatesOnly(addTreasurer));
  app.post('/campaign-dashboard/treasurers/:id/revoke', candidatesOnly(removeTreasurer));
  // SocialMedia and GOTV campaigns, and emails to the candidate's followers and donors (docs/decisions/0032-gotv-and-candidate-emails.md).
  app.get('/campaign-dashboard/outreach', candidatesOnly(showOutreach));
  app.post('/campaign-dashboard/outreach/campaigns', candidatesOnly(addOutreachCampaign));
  app.post('/campaign-dashboard/outreach/emails', candidatesOnly(emailSupporters));
  // Emails to the people of the candidate's own events (docs/decisions/0101-event-organizer-tools.md).
  app.post('/campaign-dashboard/outreach/event-emails', candidatesOnly(emailEventPeople));
}
