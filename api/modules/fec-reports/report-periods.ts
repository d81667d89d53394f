import { addDays, daysFrom, federalElectionDay, yearOf } from './calendar-days';

/**
 * Which reports a House or Senate candidate's principal campaign committee files in an election
 * cycle, what each covers and when it is due (docs/decisions/0090-fec-reports.md), restated from
 * 52 U.S.C. 30104(a)(2) and 11 CFR 104.5(a):
 * - Quarterly reports in every year: Q1 (through March 31, due April 15), Q2 (June 30, July 15),
 *   Q3 (September 30, October 15) and the year-end report (December 31, due January 31).
 * - A pre-election report (12P, 12G) for each election the candidate is in, due the 12th day before
 *   it and complete through the 20th day before it.
 * - A post-general report (30G), due the 30th day after the general, complete through the 20th day
 *   after it.
 * - A quarterly report need not be filed when a pre-election report is due from the 5th through
 *   the 15th day after the quarter closes; the pre-election report then carries its activity.
 * - Each period starts the day after the last report's closing day ("a reporting period always
 *   begins the day after the closing date of the last report filed", the FEC's report notices).
 * - Due dates are not moved off weekends or holidays: electronic filings are due on the day.
 * Pure functions over calendar days; the committee's time zone decides which day a gift falls on.
 */
export type ReportCode = 'Q1' | 'Q2' | 'Q3' | 'YE' | '12P' | '12G' | '30G';

export const REPORT_NAMES: Record<ReportCode, string> = {
  Q1: 'April quarterly',
  Q2: 'July quarterly',
  Q3: 'October quarterly',
  YE: 'Year-end',
  '12P': 'Pre-primary',
  '12G': 'Pre-general',
  '30G': 'Post-general',
};

export interface CycleElections {
  primaryOn: string;
  generalOn: string;
}

export interface ReportPeriod {
  /** Stable key of the report in the cycle, like '2026-Q1' or '2026-12G'. */
  key: string;
  code: ReportCode;
  name: string;
  /** The first and last day of activity it covers. */
  from: string;
  through: string;
  due: string;
  /** Pre- and post-election reports name their election, like 'P2026' (F3 field 13). */
  electionCode: string | null;
  electionDate: string | null;
}

/** A quarterly report dropped because a pre-election report is due 5 to 15 days after its quarter closes. */
export interface WaivedReport {
  key: string;
  name: string;
  through: string;
  due: string;
  coveredBy: string;
}

export interface CycleSchedule {
  /** The two calendar years of reports: the year before the general and the general's year. */
  from: string;
  through: string;
  reports: ReportPeriod[];
  waived: WaivedReport[];
}

interface Scheduled {
  code: ReportCode;
  year: number;
  through: string;
  due: string;
  electionCode: string | null;
  electionDate: string | null;
}

function quarterlies(year: number): Scheduled[] {
  const q = (code: ReportCode, through: string, due: string): Scheduled => ({
    code,
    year,
    through: `${year}-${through}`,
    due,
    electionCode: null,
    electionDate: null,
  });
  return [
    q('Q1', '03-31', `${year}-04-15`),
    q('Q2', '06-30', `${year}-07-15`),
    q('Q3', '09-30', `${year}-10-15`),
    q('YE', '12-31', `${year + 1}-01-31`),
  ];
}

function preElection(code: '12P' | '12G', electionDate: string): Scheduled {
  const letter = code === '12P' ? 'P' : 'G';
  return {
    code,
    year: yearOf(electionDate),
    through: addDays(electionDate, -20),
    due: addDays(electionDate, -12),
    electionCode: `${letter}${yearOf(electionDate)}`,
    electionDate,
  };
}

function postGeneral(generalOn: string): Scheduled {
  return {
    code: '30G',
    year: yearOf(generalOn),
    through: addDays(generalOn, 20),
    due: addDays(generalOn, 30),
    electionCode: `G${yearOf(generalOn)}`,
    electionDate: generalOn,
  };
}

const isQuarterly = (s: Scheduled) => s.code === 'Q1' || s.code === 'Q2' || s.code === 'Q3';
const keyOf = (s: Scheduled) => `${s.year}-${s.code}`;

/**
 * The cycle's reports in filing order, each covering from the day after the previous one closed;
 * the first starts on January 1 of the year before the general.
 */
export function cycleSchedule(elections: CycleElections): CycleSchedule {
  const generalYear = yearOf(elections.generalOn);
  const start = `${generalYear - 1}-01-01`;
  const pre = [preElection('12P', elections.primaryOn), preElection('12G', elections.generalOn)];
  const all = [
    ...quarterlies(generalYear - 1),
    ...quarterlies(generalYear),
    ...pre,
    postGeneral(elections.generalOn),
  ].filter((s) => s.through >= start);
  const waived: WaivedReport[] = [];
  const kept = all.filter((s) => {
    if (!isQuarterly(s)) return true;
    const waiver = pre.find((p) => {
      const after = daysFrom(s.through, p.due);
      return after >= 5 && after <= 15;
    });
    if (waiver)
      waived.push({
        key: keyOf(s),
        name: REPORT_NAMES[s.code],
        through: s.through,
        due: s.due,
        coveredBy: keyOf(waiver),
      });
    return !waiver;
  });
  kept.sort((a, b) =>
    a.through === b.through ? a.due.localeCompare(b.due) : a.through.localeCompare(b.through),
  );
  let from = start;
  const reports: ReportPeriod[] = [];
  for (const s of kept) {
    if (s.through < from) continue;
    reports.push({
      key: keyOf(s),
      code: s.code,
      name: `${REPORT_NAMES[s.code]} ${s.year}`,
      from,
      through: s.through,
      due: s.due,
      electionCode: s.electionCode,
      electionDate: s.electionDate,
    });
    from = addDays(s.through, 1);
  }
  return { from: start, through: `${generalYear}-12-31`, reports, waived };
}

/** The report that carries `day`'s activity, if the cycle has one. */
export function reportCovering(schedule: CycleSchedule, day: string): ReportPeriod | null {
  return schedule.reports.find((r) => r.from <= day && day <= r.through) ?? null;
}

/**
 * The first day of the election cycle a contribution's aggregate counts over: the day after the
 * previous general election for the seat (11 CFR 100.3(b); 104.3(a)(4)(i) itemizes a donor once
 * their cycle-to-date total passes $200). House seats are elected every 2 years, Senate seats
 * every 6.
 */
export function aggregationCycleStart(generalOn: string, office: 'H' | 'S'): string {
  const previous = federalElectionDay(yearOf(generalOn) - (office === 'S' ? 6 : 2));
  return addDays(previous, 1);
}

/**
 * A range the committee chooses (an amended period, a new committee's first report): filed under
 * the code of the scheduled report whose period holds its last day.
 */
export function customPeriod(schedule: CycleSchedule, from: string, through: string): ReportPeriod | null {
  const holder = reportCovering(schedule, through);
  if (!holder || from > through) return null;
  return {
    ...holder,
    key: `custom-${from}-${through}`,
    name: `${holder.name} (custom range)`,
    from,
    through,
  };
}
