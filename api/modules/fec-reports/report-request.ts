import { zonedInstant } from '../../platform/zoned-time';
import { addDays } from './calendar-days';
import type { Committee } from './committee';
import {
  aggregationCycleStart,
  type CycleElections,
  type CycleSchedule,
  type ReportPeriod,
} from './report-periods';

/** Everything one report's file is made from, with its instants in the committee's zone. */
export interface ReportRequest {
  candidateId: number;
  candidate: { firstName: string; lastName: string };
  committee: Committee;
  elections: CycleElections;
  schedule: CycleSchedule;
  period: ReportPeriod;
  /** An amendment names the original filing's FEC ID and its own number (HDR fields 6 and 7). */
  amendment: { originalFilingId: string; number: number } | null;
  /** Lines the platform cannot know, as the committee entered them (cents; 0 when left empty). */
  entered: { cashBeginningCents: number; operatingCents: number; operatingCycleCents: number };
  /** The day the file is made, in the committee's zone (date_signed). */
  signedOn: string;
}

/** The instants and days the queries bound a report by. */
export interface ReportBounds {
  zone: string;
  from: string;
  through: string;
  cycleStartDay: string;
  cycleStart: Date;
  start: Date;
  end: Date;
  /** The closing days of the cycle's scheduled reports, comma-separated, for SQL. */
  scheduledEnds: string;
}

export function boundsOf(req: ReportRequest): ReportBounds {
  const zone = req.committee.zone;
  const cycleStartDay = aggregationCycleStart(req.elections.generalOn, req.committee.office);
  return {
    zone,
    from: req.period.from,
    through: req.period.through,
    cycleStartDay,
    cycleStart: zonedInstant(cycleStartDay, '00:00', zone),
    start: zonedInstant(req.period.from, '00:00', zone),
    end: zonedInstant(addDays(req.period.through, 1), '00:00', zone),
    scheduledEnds: req.schedule.reports.map((r) => r.through).join(','),
  };
}
