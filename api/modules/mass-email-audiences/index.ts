import { MassEmailAudiences } from '../mass-email/audiences';
import { campaignDonors } from './campaign-donors';

/**
 * The app's mass email audiences (docs/decisions/0022). Composed here, outside mass-email and the
 * modules whose data an audience reads, so mass-email never imports donations (GOTV segments and
 * candidates' followers register here when they land).
 */
export function createAppAudiences(): MassEmailAudiences {
  return new MassEmailAudiences().register(campaignDonors);
}

let appAudiences: MassEmailAudiences | undefined;

/** One registry for the process: the console's REST doors and the delivery job. */
export function appMassEmailAudiences(): MassEmailAudiences {
  appAudiences ??= createAppAudiences();
  return appAudiences;
}

export { CAMPAIGN_DONORS } from './campaign-donors';
