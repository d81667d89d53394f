import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/middleware/app-env';
import { membersOnly } from '../people/member-pages';
import { disconnect, showConnections } from './connections-page';
import { addNoteForm, addTag, removeTag, showPerson } from './person-forms';
import { deleteListForm, emailList, saveListForm, showSavedList, showSupporters } from './saved-list-forms';
import { showSeats } from './seats-page';
import { downloadSupportersCsv } from './supporters-csv';
import { campaignTeamOnly } from './team-guard';

/**
 * A campaign's own people (issue 50, docs/decisions/0100-supporters.md): /supporters/:ownerId/* for
 * the campaign's team only (team-guard.ts), and /settings/campaigns where a member sees which
 * campaigns hold what about them and disconnects. Plain forms: everything works without JavaScript.
 */
export function registerSupporterRoutes(app: Hono<AppEnv>) {
  app.get('/supporters', membersOnly(showSeats));
  app.get('/supporters/:ownerId', campaignTeamOnly(showSupporters));
  app.get('/supporters/:ownerId/supporters.csv', campaignTeamOnly(downloadSupportersCsv));
  app.get('/supporters/:ownerId/people/:supporterId', campaignTeamOnly(showPerson));
  app.post('/supporters/:ownerId/people/:supporterId/tags', campaignTeamOnly(addTag));
  app.post('/supporters/:ownerId/people/:supporterId/tags/:tagId/remove', campaignTeamOnly(removeTag));
  app.post('/supporters/:ownerId/people/:supporterId/notes', campaignTeamOnly(addNoteForm));
  app.post('/supporters/:ownerId/lists', campaignTeamOnly(saveListForm));
  app.get('/supporters/:ownerId/lists/:listId', campaignTeamOnly(showSavedList));
  app.post('/supporters/:ownerId/lists/:listId/email', campaignTeamOnly(emailList));
  app.post('/supporters/:ownerId/lists/:listId/delete', campaignTeamOnly(deleteListForm));
  app.get('/settings/campaigns', membersOnly(showConnections));
  app.post('/settings/campaigns/:ownerId/disconnect', membersOnly(disconnect));
}
