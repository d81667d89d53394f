import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { StaffRole } from '../../../db/schema';
import { avatarUrlFor } from '../../contract/avatars';
import { type Permission, permissionsFor } from '../../contract/permissions';
import type { EmailPort } from '../../ports/email';
import { deleteSecondFactor } from '../accounts/two-factor';
import { recordAudit } from '../audit/service';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { invitationEmail, invitationLink, issueInvitationToken } from './invitations';
import type { RegisterEmployeeInput, UpdateEmployeeInput } from './schema';

/** The staff member acting, as the console's door knows them. */
export interface StaffActor {
  id: number;
  ip: string;
  permissions: readonly Permission[];
}

export interface EmployeeDeps {
  db: Db;
  email: EmailPort;
  appUrl: string;
}

/**
 * No escalation through the console: an actor hands out only permissions they hold
 * themselves, never edits their own role or grants, and never manages someone who holds
 * more than they do.
 */
function assertCanGrant(actor: StaffActor, permissions: readonly Permission[], what: string) {
  const missing = permissions.filter((p) => !actor.permissions.includes(p));
  if (missing.length > 0) {
    throw new ForbiddenError(`You cannot ${what}: it grants ${missing.join(', ')}, which you do not hold.`);
  }
}

async function loadEmployee(db: Db, userId: number, lock = false) {
  let query = db
    .selectFrom('staff_members')
    .select(['user_id', 'role', 'department', 'title', 'extra_permissions'])
    .where('user_id', '=', userId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new NotFoundError(`No employee ${userId}.`);
  return row;
}

function assertManageable(actor: StaffActor, target: { role: StaffRole; extra_permissions: string[] }) {
  assertCanGrant(actor, permissionsFor(target.role, target.extra_permissions), 'manage this employee');
}

/**
 * Creates the staff account and emails an invitation to choose a password. The account exists
 * at once (listed, auditable); it can sign in once the invitation link has been used.
 */
export async function registerEmployee(
  deps: EmployeeDeps,
  input: RegisterEmployeeInput,
  actor: StaffActor,
): Promise<{ id: number }> {
  assertCanGrant(actor, permissionsFor(input.role), `give the ${input.role} role`);
  const name = `${input.first_name} ${input.last_name}`;
  const { id, token } = await deps.db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({
        email: input.email,
        password_hash: null,
        kind: 'individual',
        first_name: input.first_name,
        last_name: input.last_name,
        org_name: null,
        handle: null,
        is_admin: true,
        state: null,
        party: null,
        position: null,
        bio: null,
        profile_image: avatarUrlFor(name, input.email),
        candidate_office: null,
        candidate_district: null,
        email_verified_at: null,
        blocked_at: null,
        blocked_reason: null,
        // Staff do not go through the member onboarding.
        setup_completed_at: new Date(),
      })
      .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!user) throw new ValidationError({ email: ['An account with this email already exists.'] });
    const staff = { role: input.role, department: input.department, title: input.title };
    await trx
      .insertInto('staff_members')
      .values({ user_id: user.id, ...staff })
      .execute();
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'employee.register',
      targetType: 'employee',
      targetId: user.id,
      after: { email: input.email, name, ...staff },
      ip: actor.ip,
    });
    return { id: user.id, token: await issueInvitationToken(trx, user.id, input.email) };
  });
  const inviter = await deps.db
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', actor.id)
    .executeTakeFirst();
  await deps.email.send(
    deps.db,
    invitationEmail(input.email, {
      firstName: input.first_name,
      role: input.role,
      title: input.title,
      invitedBy: inviter
        ? `${inviter.first_name ?? ''} ${inviter.last_name ?? ''}`.trim()
        : 'An administrator',
      link: invitationLink(deps.appUrl, token),
      consoleUrl: `${deps.appUrl}/admin`,
    }),
  );
  return { id };
}

/** Role, department and title. Nobody changes their own role: that would raise their own permissions. */
export async function updateEmployee(
  db: Db,
  userId: number,
  input: UpdateEmployeeInput,
  actor: StaffActor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await loadEmployee(trx, userId, true);
    const roleChanges = input.role !== undefined && input.role !== before.role;
    if (roleChanges && userId === actor.id) throw new ForbiddenError('You cannot change your own role.');
    if (userId !== actor.id) assertManageable(actor, before);
    if (roleChanges) assertCanGrant(actor, permissionsFor(input.role!), `give the ${input.role} role`);
    const after = {
      role: input.role ?? before.role,
      department: input.department ?? before.department,
      title: input.title ?? before.title,
    };
    await trx.updateTable('staff_members').set(after).where('user_id', '=', userId).execute();
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'employee.update',
      targetType: 'employee',
      targetId: userId,
      before: { role: before.role, department: before.department, title: before.title },
      after,
      ip: actor.ip,
    });
  });
}

/** Extra grants on top of the role (MANAGE_PERMISSIONS). Never one's own. */
export async function setEmployeePermissions(
  db: Db,
  userId: number,
  extra: readonly Permission[],
  actor: StaffActor,
): Promise<void> {
  if (userId === actor.id) throw new ForbiddenError('You cannot change your own permissions.');
  await db.transaction().execute(async (trx) => {
    const before = await loadEmployee(trx, userId, true);
    assertManageable(actor, before);
    assertCanGrant(actor, extra, 'grant these permissions');
    const granted = [...new Set(extra)].sort();
    await trx
      .updateTable('staff_members')
      .set({ extra_permissions: granted })
      .where('user_id', '=', userId)
      .execute();
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'employee.permissions',
      targetType: 'employee',
      targetId: userId,
      before: { extra_permissions: before.extra_permissions },
      after: { extra_permissions: granted },
      ip: actor.ip,
    });
  });
}

export const SELF_TWO_FACTOR_RESET_MESSAGE =
  'You cannot reset your own two-factor sign-in. Turn it off at /auth/two-factor/setup with a code from your authenticator app or a recovery code.';
export const NOT_ENROLLED_MESSAGE =
  'This employee has not set up two-factor sign-in: there is nothing to reset.';

/**
 * Lets back in a staff member who lost both their authenticator and their recovery codes
 * (MANAGE_EMPLOYEES; docs/decisions/0040-staff-two-factor-sign-in.md, "Reset by an
 * administrator"). In one transaction: their credential, recovery codes and pending sign-in
 * challenges go, every session of theirs ends (one may be on the lost device), and the reset is
 * audited. Their next sign-in is password-only and opens nothing but enrolment, as for a new
 * employee. Never one's own (that is turning it off, with a code), never someone who holds more
 * than the actor, never an account that is not enrolled.
 */
export async function resetEmployeeTwoFactor(
  db: Db,
  userId: number,
  actor: StaffActor,
): Promise<{ sessionsEnded: number }> {
  if (userId === actor.id) throw new ForbiddenError(SELF_TWO_FACTOR_RESET_MESSAGE);
  return db.transaction().execute(async (trx) => {
    const target = await loadEmployee(trx, userId, true);
    assertManageable(actor, target);
    const credential = await trx
      .selectFrom('two_factor_credentials')
      .select('confirmed_at')
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!credential?.confirmed_at) throw new ConflictError(NOT_ENROLLED_MESSAGE);
    await deleteSecondFactor(trx, userId);
    const ended = await trx.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
    const sessionsEnded = Number(ended.numDeletedRows);
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'two_factor.reset',
      targetType: 'user',
      targetId: userId,
      before: { enrolled: true },
      after: { enrolled: false, sessionsEnded },
      ip: actor.ip,
    });
    return { sessionsEnded };
  });
}
