import type { Db } from '../../../db/client';
import { ValidationError } from '../errors';
import { isReferenceValue } from '../reference-options/service';
import type { RED_FLAG_TARGETS } from './service';

type RedFlagTarget = (typeof RED_FLAG_TARGETS)[number];

export interface RedFlagReport {
  reporterId: number;
  targetType: RedFlagTarget;
  targetId: number;
  reason: string;
  details?: string | null;
}

/** A report's reason must be one of the 'report' reference options (docs/product/rulings.md "Red flags"). */
export async function assertReportReason(db: Db, reason: string): Promise<void> {
  if (!(await isReferenceValue(db, 'report', reason))) {
    throw new ValidationError({ reason: ['Please choose a reason from the list.'] });
  }
}

/** A member's report becomes an open red flag for SUPPORT and SECURITY to review. Returns its id. */
export async function raiseRedFlag(db: Db, report: RedFlagReport): Promise<number> {
  const flag = await db
    .insertInto('red_flags')
    .values({
      reporter_id: report.reporterId,
      target_type: report.targetType,
      target_id: String(report.targetId),
      reason: report.reason,
      details: report.details || null,
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return flag.id;
}

/** The reporter's red flag on this target that still waits for review, if any. */
export async function openRedFlagOf(
  db: Db,
  reporterId: number,
  target: { type: RedFlagTarget; id: number },
): Promise<number | undefined> {
  const row = await db
    .selectFrom('red_flags')
    .select('id')
    .where('reporter_id', '=', reporterId)
    .where('target_type', '=', target.type)
    .where('target_id', '=', String(target.id))
    .where('status', '=', 'open')
    .executeTakeFirst();
  return row?.id;
}

/** How many red flags wait for review: the console home's figure. */
export async function openRedFlagCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('red_flags')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
