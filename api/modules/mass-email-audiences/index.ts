import { MassEmailAudiences } from '../mass-email/audiences';
import { campaignDonors } from './campaign-donors';
import { candidateSupporters } from './candidate-supporters';
import { engagedPeople } from './engaged-people';
import { engagedSupporters } from './engaged-supporters';
import { eventAttendees } from './event-attendees';
import { eventShiftVolunteers } from './event-shift-volunteers';
import { eventSignups } from './event-signups';
import { gotvSegment } from './gotv-segment';
import { supporterList } from './supporter-list';

/**
 * The app's mass email audiences (docs/decisions/0022-mass-email.md, 0032). Composed here, outside mass-email and
 * the modules whose data an audience reads, so mass-email never imports donations or membership.
 */
export function createAppAudiences(): MassEmailAudiences {
  return new MassEmailAudiences()
    .register(campaignDonors)
    .register(gotvSegment)
    .register(candidateSupporters)
    .register(engagedPeople)
    .register(engagedSupporters)
    .register(supporterList)
    .register(eventShiftVolunteers)
    .register(eventSignups)
    .register(eventAttendees);
}

let appAudiences: MassEmailAudiences | undefined;

/** One registry for the process: the console's REST doors, the dashboard and the delivery job. */
export function appMassEmailAudiences(): MassEmailAudiences {
  appAudiences ??= createAppAudiences();
  return appAudiences;
}

export { CAMPAIGN_DONORS } from './campaign-donors';
export { CANDIDATE_SUPPORTERS } from './candidate-supporters';
export { EVENT_ATTENDEES } from './event-attendees';
export { EVENT_SHIFT_VOLUNTEERS } from './event-shift-volunteers';
export { EVENT_SIGNUPS } from './event-signups';
export { GOTV_SEGMENT } from './gotv-segment';
