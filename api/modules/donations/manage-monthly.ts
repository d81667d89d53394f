import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { MIN_GIFT_CENTS } from '../../contract/donations';
import type { PaymentsConfig } from '../../ports/payments';
import { ConflictError, ValidationError } from '../errors';
import { changeRecurring } from '../payments/change-recurring';
import { stopAllRecurring } from '../payments/stop-recurring';
import { loadElectionDates } from './elections';
import { committedCents } from './ledger';
import { managePassValid } from './manage-link';
import { monthlyAmountRefusal } from './monthly-limit';
import { receivedGift } from './paid-gifts';

/**
 * A donor manages a monthly gift (docs/decisions/0094-refcodes-and-honest-monthly.md): a member from
 * /giving (a gift they made signed in, or sent to their verified email), a guest from the signed
 * link in its receipt. Both reach the same actions: change the amount (the limit re-checked for the
 * months left), pause, resume, cancel. The provider's charges change in the same transaction.
 */
export interface ManagedMonthly {
  id: number;
  reference: string;
  candidateId: number;
  candidateName: string;
  candidateHandle: string | null;
  amountCents: number;
  status: string;
  nextChargeAt: Date | null;
  startedAt: Date;
}

/** A monthly gift a donor may still change: it runs, waits on a failed renewal, or is paused. */
export const RUNNING = ['active', 'failed', 'paused'] as const;

function managedQuery(db: Db) {
  return (
    db
      .selectFrom('recurring_donations as r')
      .innerJoin('users as u', 'u.id', 'r.candidate_id')
      .select([
        'r.id',
        'r.reference',
        'r.candidate_id',
        'r.amount_cents',
        'r.status',
        'r.next_charge_at',
        'r.created_at',
        'u.first_name',
        'u.last_name',
        'u.handle',
      ])
      // Only a monthly gift that was ever paid is the donor's to see.
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('donations as d')
            .select(sql`1`.as('one'))
            .whereRef('d.recurring_id', '=', 'r.id')
            .where(receivedGift('d')),
        ),
      )
  );
}

type ManagedRow = Awaited<ReturnType<ReturnType<typeof managedQuery>['executeTakeFirst']>>;

function managed(row: NonNullable<ManagedRow>): ManagedMonthly {
  return {
    id: row.id,
    reference: row.reference,
    candidateId: row.candidate_id,
    candidateName: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
    candidateHandle: row.handle,
    amountCents: row.amount_cents,
    status: row.status,
    nextChargeAt: row.next_charge_at ? new Date(row.next_charge_at) : null,
    startedAt: new Date(row.created_at),
  };
}

/**
 * The member's monthly gifts: those with a charge they made signed in, or sent to the account's
 * verified email (the receipts went there, so the email's owner already knows of them).
 */
export function membersMonthlyQuery(db: Db, userId: number) {
  return managedQuery(db).where((eb) =>
    eb.or([
      eb.exists(
        eb
          .selectFrom('donations as mine')
          .select(sql`1`.as('one'))
          .whereRef('mine.recurring_id', '=', 'r.id')
          .where('mine.user_id', '=', userId),
      ),
      eb.exists(
        eb
          .selectFrom('users as me')
          .select(sql`1`.as('one'))
          .where('me.id', '=', userId)
          .where('me.email_verified_at', 'is not', null)
          .whereRef(sql`lower(me.email)`, '=', 'r.email'),
      ),
    ]),
  );
}

export async function membersMonthlyGifts(db: Db, userId: number): Promise<ManagedMonthly[]> {
  const rows = await membersMonthlyQuery(db, userId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
  return rows.map(managed);
}

/** The member's monthly gift `reference`, or null when it is not theirs. */
export async function monthlyGiftForMember(db: Db, userId: number, reference: string) {
  const row = await membersMonthlyQuery(db, userId).where('r.reference', '=', reference).executeTakeFirst();
  return row ? managed(row) : null;
}

/** The monthly gift a receipt's manage link names, or null when the pass is forged or expired. */
export async function monthlyGiftByPass(
  db: Db,
  secret: string,
  reference: string,
  pass: { expires: unknown; token: unknown },
  now = new Date(),
) {
  if (!managePassValid(secret, reference, pass, now)) return null;
  const row = await managedQuery(db).where('r.reference', '=', reference).executeTakeFirst();
  return row ? managed(row) : null;
}

export interface ManageDeps {
  db: Db;
  config: PaymentsConfig;
}

export const newAmountInput = z.object({
  amountCents: z
    .number({ error: 'Enter an amount.' })
    .int('Enter whole cents.')
    .min(MIN_GIFT_CENTS, 'The smallest gift is $1.'),
});

function assertRunning(gift: ManagedMonthly) {
  if (!(RUNNING as readonly string[]).includes(gift.status))
    throw new ConflictError('This monthly gift has ended; it cannot be changed.');
}

/** A new monthly amount, from the next charge on; refused (nothing changes) when the months left would pass the limit. */
export async function changeMonthlyAmount(deps: ManageDeps, gift: ManagedMonthly, amountCents: number) {
  const parsed = newAmountInput.safeParse({ amountCents });
  if (!parsed.success)
    throw new ValidationError(z.flattenError(parsed.error).fieldErrors as Record<string, string[]>);
  assertRunning(gift);
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('recurring_donations')
      .selectAll()
      .where('id', '=', gift.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const dates = await loadElectionDates(trx, row.candidate_id);
    if (!dates) throw new ConflictError('This campaign is not taking gifts.');
    const refusal = await monthlyAmountRefusal({
      dates,
      nextChargeAt: row.next_charge_at ? new Date(row.next_charge_at) : new Date(),
      designatedGeneral: row.designated_general,
      amountCents,
      committedCents: (election) =>
        committedCents(trx, { candidateId: row.candidate_id, donorId: row.donor_id, election }),
    });
    if (refusal) throw new ValidationError({ amountCents: [refusal] }, refusal);
    await trx
      .updateTable('recurring_donations')
      .set({ amount_cents: amountCents })
      .where('id', '=', row.id)
      .execute();
    // Last: a provider's refusal throws, and this transaction (the new amount) rolls back with it.
    await changeRecurring(
      trx,
      deps.config,
      { kind: 'donation', reference: row.reference },
      row.provider_subscription_id,
      { amountCents },
    );
  });
}

/** Paused: the provider charges nothing until the donor resumes (then on the day it names: a month on with the test gateway, the period's end with Stripe). */
export async function setMonthlyPaused(deps: ManageDeps, gift: ManagedMonthly, paused: boolean) {
  assertRunning(gift);
  await deps.db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('recurring_donations')
      .set(
        paused
          ? { status: 'paused', paused_at: sql<Date>`now()` }
          : { status: 'active', paused_at: null, failed_renewals: 0 },
      )
      .where('id', '=', gift.id)
      .where('status', 'in', paused ? ['active', 'failed'] : ['paused'])
      .returning(['reference', 'provider_subscription_id'])
      .executeTakeFirst();
    if (!changed) return;
    // A provider's refusal throws: the status change above rolls back with it.
    const { nextChargeAt } = await changeRecurring(
      trx,
      deps.config,
      { kind: 'donation', reference: changed.reference },
      changed.provider_subscription_id,
      { paused },
    );
    if (nextChargeAt)
      await trx
        .updateTable('recurring_donations')
        .set({ next_charge_at: nextChargeAt })
        .where('id', '=', gift.id)
        .execute();
  });
}

/** Cancelled: no further charges, every subscription the provider holds for it stopped. Idempotent. */
export async function cancelMonthly(deps: ManageDeps, gift: ManagedMonthly) {
  const stop = await deps.db.transaction().execute(async (trx) => {
    const cancelled = await trx
      .updateTable('recurring_donations')
      .set({ status: 'cancelled', ended_at: sql<Date>`now()` })
      .where('id', '=', gift.id)
      .where('status', 'in', ['pending', ...RUNNING])
      .returning(['reference', 'provider_subscription_id'])
      .executeTakeFirst();
    return cancelled
      ? stopAllRecurring(
          trx,
          deps.config,
          { kind: 'donation', reference: cancelled.reference },
          cancelled.provider_subscription_id,
        )
      : null;
  });
  await stop?.();
}
