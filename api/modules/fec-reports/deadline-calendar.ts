import type { Db } from '../../../db/client';
import { type Committee, campaignTimeZone, committeeOf } from './committee';
import { cycleElections } from './cycle-elections';
import { type NoticeWindow, noticeWindow } from './forty-eight-hour-rule';
import { type CycleSchedule, cycleSchedule } from './report-periods';

/** The dashboard's deadline calendar: the cycle's reports and both elections' 48-hour windows. */
export interface DeadlineCalendar {
  committee: Committee | null;
  zone: string;
  schedule: CycleSchedule;
  windows: { election: 'primary' | 'general'; window: NoticeWindow }[];
}

/** Null until the candidate has set election dates: reports are dated from them. */
export async function deadlineCalendar(db: Db, candidateId: number): Promise<DeadlineCalendar | null> {
  const [elections, committee] = await Promise.all([
    cycleElections(db, candidateId),
    committeeOf(db, candidateId),
  ]);
  if (!elections) return null;
  const zone = committee?.zone ?? (await campaignTimeZone(db, candidateId));
  return {
    committee,
    zone,
    schedule: cycleSchedule(elections),
    windows: [
      { election: 'primary', window: noticeWindow(elections.primaryOn, zone) },
      { election: 'general', window: noticeWindow(elections.generalOn, zone) },
    ],
  };
}
