import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { recordAudit } from '../audit/service';
import { NotFoundError, ValidationError } from '../errors';
import type { StaffActor } from '../staff/employees';
import type { CreateCouponInput, UpdateCouponInput } from './schema';

const CODE_TAKEN = { code: ['A coupon with this code already exists (codes ignore case).'] };

/** Codes are unique whatever their case (docs/product/rulings.md, Shop): the index decides, this explains. */
async function assertCodeFree(db: Db, code: string, exceptId?: number) {
  let query = db.selectFrom('coupons').select('id').where(sql`lower(code)`, '=', code.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw new ValidationError(CODE_TAKEN);
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

export async function createCoupon(db: Db, input: CreateCouponInput, actor: StaffActor) {
  try {
    return await db.transaction().execute(async (trx) => {
      await assertCodeFree(trx, input.code);
      const row = await trx
        .insertInto('coupons')
        .values({ ...input, created_by: actor.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'coupon.create',
        targetType: 'coupon',
        targetId: row.id,
        after: input,
        ip: actor.ip,
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationError(CODE_TAKEN);
    throw error;
  }
}

/** Edits a coupon; `expire` ends it now (and switches it off) whatever else was sent. */
export async function updateCoupon(db: Db, id: number, input: UpdateCouponInput, actor: StaffActor) {
  const { expire, ...changes } = input;
  try {
    await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('coupons')
        .select([
          'code',
          'kind',
          'amount',
          'min_subtotal_cents',
          'starts_at',
          'ends_at',
          'max_redemptions',
          'active',
        ])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw new NotFoundError(`No coupon ${id}.`);
      if (expire) {
        const now = new Date();
        changes.active = false;
        const endsLater = !before.ends_at || new Date(before.ends_at) > now;
        changes.ends_at = endsLater ? now : new Date(before.ends_at!);
        if (before.starts_at && new Date(before.starts_at) >= now) changes.starts_at = null;
      }
      const after = { ...before, ...changes };
      const errors: Record<string, string[]> = {};
      if (after.kind === 'percent' && after.amount > 100) errors.amount = ['A percentage is at most 100.'];
      if (after.starts_at && after.ends_at && new Date(after.ends_at) <= new Date(after.starts_at)) {
        errors.ends_at = ['The end must be after the start.'];
      }
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      if (changes.code !== undefined) await assertCodeFree(trx, changes.code, id);
      await trx
        .updateTable('coupons')
        .set({ ...changes, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
      await recordAudit(trx, {
        actorId: actor.id,
        action: expire ? 'coupon.expire' : 'coupon.update',
        targetType: 'coupon',
        targetId: id,
        before,
        after,
        ip: actor.ip,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationError(CODE_TAKEN);
    throw error;
  }
}
