import type { Db } from '../../../db/client';
import { zonedDay } from '../../platform/zoned-time';
import { ValidationError } from '../errors';
import { committeeOf } from './committee';
import { cycleElections } from './cycle-elections';
import { customPeriod, cycleSchedule } from './report-periods';
import type { ReportRequest } from './report-request';
import type { ReportQuery } from './report-schema';

/**
 * The candidate's report as the query asks for it, or the reason it cannot be made yet: no
 * committee details, no election dates, a report or range outside the cycle.
 */
export async function reportRequest(
  db: Db,
  candidateId: number,
  query: ReportQuery,
  now = new Date(),
): Promise<ReportRequest> {
  const [committee, elections, candidate] = await Promise.all([
    committeeOf(db, candidateId),
    cycleElections(db, candidateId),
    db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', candidateId)
      .executeTakeFirstOrThrow(),
  ]);
  if (!committee)
    throw new ValidationError(
      { report: ['Save your committee details first.'] },
      'Save your committee details first.',
    );
  if (!elections)
    throw new ValidationError(
      { report: ['Save your election dates first.'] },
      'Save your election dates first.',
    );
  const schedule = cycleSchedule(elections);
  const period =
    query.report === 'custom'
      ? customPeriod(schedule, query.from!, query.to!)
      : (schedule.reports.find((r) => r.key === query.report) ?? null);
  if (!period)
    throw new ValidationError(
      { report: ['Choose a report of this cycle.'] },
      'Choose a report of this cycle.',
    );
  return {
    candidateId,
    candidate: { firstName: candidate.first_name ?? '', lastName: candidate.last_name ?? '' },
    committee,
    elections,
    schedule,
    period,
    amendment: query.amends ? { originalFilingId: query.amends, number: Number(query.amendment) } : null,
    entered: {
      cashBeginningCents: query.cash,
      operatingCents: query.operating,
      operatingCycleCents: query.operatingCycle,
    },
    signedOn: zonedDay(now, committee.zone),
  };
}
