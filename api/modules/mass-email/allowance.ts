import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { ValidationError } from '../errors';

/** A member's monthly email allowance: their tier's follower_emails_per_month (docs/decisions/0032-gotv-and-candidate-emails.md). */
export interface MonthlyAllowance {
  userId: number;
  perMonth: number;
}

/** The first day of `now`'s calendar month in UTC, 'YYYY-MM-DD': the allowance's period. */
export function allowanceMonth(now = new Date()): string {
  return `${now.toISOString().slice(0, 7)}-01`;
}

/** How many recipients the member's sends have queued this month. */
export async function allowanceUsed(db: Db, userId: number, now = new Date()): Promise<number> {
  const row = await db
    .selectFrom('mass_email_allowance_usage')
    .select('used')
    .where('user_id', '=', userId)
    .where('month', '=', sql<Date>`${allowanceMonth(now)}::date`)
    .executeTakeFirst();
  return row?.used ?? 0;
}

const plural = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'email' : 'emails'}`;

/**
 * Adds a send's recipients to this month's usage, inside the queuing transaction: one conditional
 * upsert (`used + n <= perMonth`), so the usage row's lock makes two racing sends take turns and
 * the one that would pass the allowance is refused, rolling its send back with it.
 */
export async function chargeAllowance(
  trx: Db,
  allowance: MonthlyAllowance,
  recipients: number,
): Promise<void> {
  const month = allowanceMonth();
  const charged =
    recipients <= allowance.perMonth
      ? await sql<{ used: number }>`
          INSERT INTO mass_email_allowance_usage (user_id, month, used)
          VALUES (${allowance.userId}, ${month}, ${recipients})
          ON CONFLICT (user_id, month) DO UPDATE SET used = mass_email_allowance_usage.used + EXCLUDED.used
          WHERE mass_email_allowance_usage.used + EXCLUDED.used <= ${allowance.perMonth}
          RETURNING used`.execute(trx)
      : { rows: [] };
  if (charged.rows.length > 0) return;
  const left = Math.max(0, allowance.perMonth - (await allowanceUsed(trx, allowance.userId)));
  throw new ValidationError(
    {
      audience: [
        `This email would go to ${plural(recipients)}; your plan has ${plural(left)} left this month.`,
      ],
    },
    'This email is over your monthly allowance.',
  );
}
