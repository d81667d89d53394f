import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/middleware/app-env';
import { signedInOnly } from '../../server/guard-page';
import { downloadCalendar, showEvent, signupFromForm } from './event-page';
import { decideFromForm, showHosting, showNewEvent, submitNewEvent } from './hosting-pages';
import { showMyEvents } from './my-events-page';
import { showOrganize } from './organize-page';
import { checkInFromForm, downloadRoster, showRoster } from './roster-page';
import { showEventSearch } from './search-page';
import { emailShiftFromForm, showShiftEmail } from './shift-email-page';
import { cancelBySignedLink, cancelFromMyEvents, showSignup } from './signup-pages';

/** An event's id in the path: digits only, so /events/new and /events/mine never read as one. */
const ID = ':id{[0-9]+}';
const SHIFT = ':shiftId{[0-9]+}';

/**
 * Events, shifts and sign-ups (issue 47, docs/decisions/0092-events-and-shifts.md), every page a
 * plain form or link so it works without JavaScript. /events and an event's page are public (as
 * its visibility allows, checked by the module); signing up needs no account; a sign-up's signed
 * link is its guest's way back; hosting and "My events" are for signed-in members.
 */
export function registerEventRoutes(app: Hono<AppEnv>) {
  app.get('/events', showEventSearch);
  app.get('/events/new', signedInOnly, showNewEvent);
  app.post('/events/new', signedInOnly, submitNewEvent);
  app.get('/events/hosting', signedInOnly, showHosting);
  app.get('/events/mine', signedInOnly, showMyEvents);
  app.post('/events/mine/:signupId{[0-9]+}/cancel', signedInOnly, cancelFromMyEvents);
  app.get('/events/signups/:token', showSignup);
  app.post('/events/signups/:token/cancel', cancelBySignedLink);
  app.get(`/events/${ID}`, showEvent);
  app.get(`/events/${ID}/calendar.ics`, downloadCalendar);
  app.post(`/events/${ID}/signup`, signupFromForm);
  app.post(`/events/${ID}/decide`, signedInOnly, decideFromForm);
  // The organizer's tools (issue 51, decision 0101): the host only; anyone else gets 404.
  app.get(`/events/${ID}/organize`, signedInOnly, showOrganize);
  app.get(`/events/${ID}/shifts/${SHIFT}`, signedInOnly, showRoster);
  app.post(`/events/${ID}/shifts/${SHIFT}/check-in`, signedInOnly, checkInFromForm);
  app.get(`/events/${ID}/shifts/${SHIFT}/roster.csv`, signedInOnly, downloadRoster);
  app.get(`/events/${ID}/shifts/${SHIFT}/email`, signedInOnly, showShiftEmail);
  app.post(`/events/${ID}/shifts/${SHIFT}/email`, signedInOnly, emailShiftFromForm);
}
