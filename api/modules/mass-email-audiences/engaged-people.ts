import { z } from 'zod';
import { ENGAGED_PEOPLE, engagedLabel } from '../../contract/engaged-audiences';
import type { Audience } from '../mass-email/audiences';
import { engagedDays, engagedRecipients } from './engaged';

const params = z.object({ days: engagedDays });
export type EngagedPeopleParams = z.infer<typeof params>;

/**
 * 'engaged-people' {days} for GOTV (staff with EMAIL_CAMPAIGN_DONATIONS): everyone who clicked a
 * link in any mass email, or made a paid gift, in the last 30/60/90 days.
 */
export const engagedPeople: Audience<EngagedPeopleParams> = {
  kind: ENGAGED_PEOPLE,
  params,
  missing: { days: ['Choose 30, 60 or 90 days.'] },
  async describe(_db, { days }) {
    return {
      label: engagedLabel(days),
      reason: `you opened a link in one of our emails or gave in the last ${days} days`,
    };
  },
  recipients(_db, { days }) {
    return engagedRecipients(days);
  },
};
