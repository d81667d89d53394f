import { z } from 'zod';
import type { Db } from '../../../db/client';
import { invalidateUserSessions } from '../../auth/sessions';
import { recordAudit } from '../audit/service';
import { rowId } from '../bounds';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors';
import { loadStaffAccess } from '../staff/access';
import type { StaffActor } from '../staff/employees';
import { forgetBlockedIps } from './blocked-ips';

const reason = z.string().trim().min(3, 'Please give a reason (at least 3 characters).').max(300);

export const blockUserInput = z.object({ user_id: z.coerce.number().pipe(rowId), reason });
export const blockIpInput = z.object({
  ip: z.union([z.ipv4(), z.ipv6()], 'Please enter an IPv4 or IPv6 address.'),
  reason,
});

/**
 * Blocks an account: it is refused at sign-in ('blocked') and every session it has ends now,
 * in the same transaction as the block and its audit row.
 */
export async function blockUser(
  db: Db,
  input: z.infer<typeof blockUserInput>,
  actor: StaffActor,
): Promise<void> {
  if (input.user_id === actor.id) throw new ForbiddenError('You cannot block your own account.');
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'email', 'blocked_at'])
      .where('id', '=', input.user_id)
      .forUpdate()
      .executeTakeFirst();
    if (!user) throw new NotFoundError(`No account ${input.user_id}.`);
    if (user.blocked_at) throw new ConflictError('This account is already blocked.');
    // Staff cannot lock out a colleague who holds permissions they do not (a superior).
    // The colleague's role and grants, whatever any session of theirs has proven.
    const staff = await loadStaffAccess(trx, input.user_id, { secondFactor: true });
    if (staff?.permissions.some((p) => !actor.permissions.includes(p))) {
      throw new ForbiddenError('You cannot block a staff member who holds permissions you do not.');
    }
    await trx
      .updateTable('users')
      .set({ blocked_at: new Date(), blocked_reason: input.reason, updated_at: new Date() })
      .where('id', '=', input.user_id)
      .execute();
    await invalidateUserSessions(trx, input.user_id);
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'user.block',
      targetType: 'user',
      targetId: input.user_id,
      before: { blocked: false },
      after: { blocked: true, reason: input.reason },
      ip: actor.ip,
    });
  });
}

export async function unblockUser(db: Db, userId: number, actor: StaffActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['blocked_at', 'blocked_reason'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!user?.blocked_at) throw new NotFoundError(`Account ${userId} is not blocked.`);
    await trx
      .updateTable('users')
      .set({ blocked_at: null, blocked_reason: null, updated_at: new Date() })
      .where('id', '=', userId)
      .execute();
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'user.unblock',
      targetType: 'user',
      targetId: userId,
      before: { blocked: true, reason: user.blocked_reason },
      after: { blocked: false },
      ip: actor.ip,
    });
  });
}

/** Blocks an address for the whole site. Staff cannot block the address they work from. */
export async function blockIp(db: Db, input: z.infer<typeof blockIpInput>, actor: StaffActor) {
  if (input.ip === actor.ip) throw new ForbiddenError('You cannot block the address you are using.');
  await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('blocked_ips')
      .values({ ip: input.ip, reason: input.reason, blocked_by: actor.id })
      .onConflict((oc) => oc.column('ip').doNothing())
      .returning('ip')
      .executeTakeFirst();
    if (!inserted) throw new ConflictError(`${input.ip} is already blocked.`);
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'ip.block',
      targetType: 'ip',
      targetId: input.ip,
      after: { reason: input.reason },
      ip: actor.ip,
    });
  });
  forgetBlockedIps(db);
}

export async function unblockIp(db: Db, ip: string, actor: StaffActor) {
  await db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('blocked_ips')
      .where('ip', '=', ip)
      .returning(['ip', 'reason'])
      .executeTakeFirst();
    if (!removed) throw new NotFoundError(`${ip} is not blocked.`);
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'ip.unblock',
      targetType: 'ip',
      targetId: ip,
      before: { reason: removed.reason },
      ip: actor.ip,
    });
  });
  forgetBlockedIps(db);
}
