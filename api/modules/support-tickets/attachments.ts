import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { ValidationError } from '../errors';

/** Who is asking: a member (their id and account email) or a visitor (the email they typed). */
export interface Requester {
  userId: number | null;
  email: string;
}

export const ORDER_NOT_YOURS =
  'We could not find that order under your account or email address. Check the number on your confirmation email.';
export const GIFT_NOT_YOURS =
  'We could not find that receipt under your account or email address. Check the reference on your receipt.';

/**
 * An order number or donation receipt attached to a request must be the requester's own: the
 * member's (by account or by the email it was placed with) or, for a visitor, placed with the
 * email they gave. A number that exists but belongs to someone else gets the same answer as one
 * that does not, so the form reveals nothing about other people's orders or gifts.
 */
export async function checkAttachments(
  db: Db,
  requester: Requester,
  refs: { orderNumber?: string; donationReference?: string },
): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (refs.orderNumber && !(await ownsOrder(db, requester, refs.orderNumber))) {
    errors.orderNumber = [ORDER_NOT_YOURS];
  }
  if (refs.donationReference && !(await ownsGift(db, requester, refs.donationReference))) {
    errors.donationReference = [GIFT_NOT_YOURS];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

async function ownsOrder(db: Db, requester: Requester, number: string): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('number', '=', number)
    .where((eb) =>
      eb.or([
        eb(sql`lower(email)`, '=', requester.email),
        ...(requester.userId === null ? [] : [eb('user_id', '=', requester.userId)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** A one-off gift or one charge (DON-…), or a monthly gift (REC-…). */
async function ownsGift(db: Db, requester: Requester, reference: string): Promise<boolean> {
  const ownedBy = (alias: 'd' | 'r') =>
    sql<boolean>`(lower(${sql.ref(`${alias}.email`)}) = ${requester.email}
      OR (${requester.userId}::int IS NOT NULL AND o.user_id = ${requester.userId}::int))`;
  const gift = await db
    .selectFrom('donations as d')
    .innerJoin('donors as o', 'o.id', 'd.donor_id')
    .select('d.reference')
    .where('d.reference', '=', reference)
    .where(ownedBy('d'))
    .executeTakeFirst();
  if (gift) return true;
  const monthly = await db
    .selectFrom('recurring_donations as r')
    .innerJoin('donors as o', 'o.id', 'r.donor_id')
    .select('r.reference')
    .where('r.reference', '=', reference)
    .where(ownedBy('r'))
    .executeTakeFirst();
  return monthly !== undefined;
}
