import { zonedInstant } from '../../platform/zoned-time';
import { addDays } from './calendar-days';

/**
 * The 48-hour notice rule (52 U.S.C. 30104(a)(6)(A); 11 CFR 104.5(f)): a principal campaign
 * committee reports, within 48 hours of receipt, each contribution of $1,000 or more received
 * after the 20th day but more than 48 hours before 12:01 a.m. of the day of an election. So the
 * window opens when the 19th day before the election starts and closes 48 hours before 12:01 a.m.
 * of election day, that is at 12:01 a.m. two days before it, in the committee's time zone.
 * Monthly renewals are contributions like any other. Pure functions.
 */
export const NOTICE_THRESHOLD_CENTS = 100_000;
export const NOTICE_HOURS = 48;

export interface NoticeWindow {
  electionDate: string;
  /** First instant in the window. */
  opens: Date;
  /** First instant after it. */
  closes: Date;
  /** The same, as calendar days in the committee's zone: the first day, and the last full day. */
  firstDay: string;
  lastDay: string;
}

export function noticeWindow(electionDate: string, zone: string): NoticeWindow {
  const firstDay = addDays(electionDate, -19);
  const closingDay = addDays(electionDate, -2);
  return {
    electionDate,
    opens: zonedInstant(firstDay, '00:00', zone),
    closes: zonedInstant(closingDay, '00:01', zone),
    firstDay,
    lastDay: addDays(electionDate, -3),
  };
}

/** Whether a gift of `amountCents` received at `at` needs a 48-hour notice for this window. */
export function needsNotice(window: NoticeWindow, amountCents: number, at: Date): boolean {
  return amountCents >= NOTICE_THRESHOLD_CENTS && at >= window.opens && at < window.closes;
}

/** When the notice of a gift received at `at` is due. */
export function noticeDueAt(at: Date): Date {
  return new Date(at.getTime() + NOTICE_HOURS * 3_600_000);
}

/** "due in 31 hours" / "due in 45 minutes" / "overdue by 2 hours". */
export function timeLeft(due: Date, now: Date): string {
  const minutes = Math.round((due.getTime() - now.getTime()) / 60_000);
  const size = Math.abs(minutes);
  const text =
    size >= 60
      ? `${Math.floor(size / 60)} ${Math.floor(size / 60) === 1 ? 'hour' : 'hours'}`
      : `${size} ${size === 1 ? 'minute' : 'minutes'}`;
  return minutes >= 0 ? `due in ${text}` : `overdue by ${text}`;
}
