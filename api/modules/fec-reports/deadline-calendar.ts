import type { Db } from '../../../db/client';
import { committeeTimeZone } from '../../contract/fec-committee';
import { type Committee, committeeOf } from './committee';
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

/** Before the committee is saved, the zone of the candidate's profile state. */
export async function profileZone(db: Db, candidateId: number): Promise<string> {
  const user = await db.selectFrom('users').select('state').where('id', '=', candidateId).executeTakeFirst();
  return committeeTimeZone(user?.state ?? '', null);
}

/** Null until the candidate has set election dates: reports are dated from them. */
export async function deadlineCalendar(db: Db, candidateId: number): Promise<DeadlineCalendar | null> {
  const [elections, committee] = await Promise.all([
    cycleElections(db, candidateId),
    committeeOf(db, candidateId),
  ]);
  if (!elections) return null;
  const zone = committee?.zone ?? (await profileZone(db, candidateId));
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
