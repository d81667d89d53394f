import { randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../../db/client';
import type { Database } from '../../../db/schema';
import { eventTypeLabel } from '../../contract/events';
import { NOTIFICATION_TYPE } from '../../contract/notification-types';
import { zonedInstant } from '../../platform/zoned-time';
import { deliverAfterCommit, type EmailPort } from '../../ports/email';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { nameOf } from '../notifications/names';
import type { EventInput } from './schema';
import { locateZip } from './zip-locations';

/**
 * Making events (issue 47): a candidate or an organization hosts; its own events are published at
 * once, a member's proposal for a host waits for the host's approval (decision 0092).
 */

export interface Host {
  id: number;
  name: string;
  email: string;
}

/** A member who may host events (a candidate or an organization, not deleted or blocked), or null. */
export async function findHost(db: Db | Transaction<Database>, hostId: number): Promise<Host | null> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', '=', hostId)
    .where('deleted_at', 'is', null)
    .where('blocked_at', 'is', null)
    .where((eb) => eb.or([eb('is_candidate', '=', true), eb('kind', '=', 'organization')]))
    .executeTakeFirst();
  return row ? { id: row.id, email: row.email, name: await nameOf(db, row.id) } : null;
}

/** The shifts as instants, in order, refused when one has already started. */
function shiftInstants(input: EventInput, now: Date) {
  const shifts = input.shifts
    .map((s) => ({
      startsAt: zonedInstant(s.day, s.start, input.timeZone),
      endsAt: zonedInstant(s.day, s.end, input.timeZone),
      capacity: s.capacity,
    }))
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  if (shifts.some((s) => s.startsAt <= now)) {
    throw new ValidationError({ shifts: ['Every shift starts in the future.'] });
  }
  return shifts;
}

export interface CreatedEvent {
  id: number;
  status: 'published' | 'proposed';
}

/**
 * Writes an event and its shifts in one transaction. The host publishes at once (followers hear of
 * it: notification type 10, "Campaign update"); anyone else's is a proposal the host is emailed about.
 */
export async function createEvent(
  deps: { db: Db; email: EmailPort; appUrl: string },
  actorId: number,
  hostId: number,
  input: EventInput,
  now = new Date(),
): Promise<CreatedEvent> {
  const place = locateZip(input.zip);
  if (!place) throw new ValidationError({ zip: ['We do not know this ZIP code. Check it and try again.'] });
  const shifts = shiftInstants(input, now);
  const first = shifts[0];
  if (!first) throw new ValidationError({ shifts: ['Add at least one shift.'] });
  const endsAt = new Date(Math.max(...shifts.map((s) => s.endsAt.getTime())));
  const byHost = actorId === hostId;
  const created = await deps.db.transaction().execute(async (trx) => {
    const host = await findHost(trx, hostId);
    if (!host) throw new NotFoundError('Events are hosted by a candidate or an organization.');
    const event = await trx
      .insertInto('events')
      .values({
        host_id: hostId,
        proposed_by: byHost ? null : actorId,
        status: byHost ? 'published' : 'proposed',
        type: input.type,
        title: input.title,
        description: input.description,
        time_zone: input.timeZone,
        address: input.address,
        zip: place.zip,
        state: place.state,
        latitude: place.latitude,
        longitude: place.longitude,
        virtual_url: input.virtualUrl,
        visibility: input.visibility,
        share_key: randomBytes(16).toString('base64url'),
        accessibility_notes: input.accessibilityNotes,
        starts_at: first.startsAt,
        ends_at: endsAt,
        published_at: byHost ? now : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('event_shifts')
      .values(
        shifts.map((s) => ({
          event_id: event.id,
          starts_at: s.startsAt,
          ends_at: s.endsAt,
          capacity: s.capacity,
        })),
      )
      .execute();
    if (byHost) {
      await tellFollowers(trx, event.id);
    } else {
      const proposer = await nameOf(trx, actorId);
      await deps.email.send(trx, {
        to: host.email,
        subject: `${proposer} proposed an event: ${input.title}`,
        text: `${proposer} proposed a ${eventTypeLabel(input.type).toLowerCase()} for you to host: "${input.title}".\n\nApprove or decline it on ${deps.appUrl}/events/hosting\n`,
      });
    }
    return { id: event.id, status: byHost ? ('published' as const) : ('proposed' as const) };
  });
  if (!byHost) await deliverAfterCommit(deps.db, deps.email);
  return created;
}

/**
 * Followers of the host hear of a newly published public or followers' event (type 10), in one
 * statement; a follower who switched type 10 off gets nothing. Private-link events are announced to no one.
 */
async function tellFollowers(trx: Transaction<Database>, eventId: number): Promise<void> {
  await sql`
    INSERT INTO notifications (user_id, type, message, route, related_user_id)
    SELECT f.follower_id, ${NOTIFICATION_TYPE.campaignUpdate},
           'New event: ' || e.title, '/events/' || e.id, e.host_id
    FROM events e
    JOIN follows f ON f.followee_id = e.host_id
    WHERE e.id = ${eventId} AND e.visibility <> 'private'
      AND NOT EXISTS (SELECT 1 FROM notification_preferences p
                      WHERE p.user_id = f.follower_id AND p.notification_type = ${NOTIFICATION_TYPE.campaignUpdate}
                        AND NOT p.enabled)`.execute(trx);
}

/** The host approves (publishes) or declines a member's proposal; anyone else is told it does not exist. */
export async function decideProposal(
  db: Db,
  hostId: number,
  eventId: number,
  decision: 'approve' | 'decline',
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const event = await trx
      .selectFrom('events')
      .select(['id', 'host_id', 'status'])
      .where('id', '=', eventId)
      .forUpdate()
      .executeTakeFirst();
    if (!event || event.host_id !== hostId) throw new NotFoundError('There is no such proposal.');
    if (event.status !== 'proposed') throw new ForbiddenError('This proposal was already decided.');
    await trx
      .updateTable('events')
      .set(decision === 'approve' ? { status: 'published', published_at: now } : { status: 'declined' })
      .where('id', '=', eventId)
      .execute();
    if (decision === 'approve') await tellFollowers(trx, eventId);
  });
}

/** A host's events and the proposals waiting for them, newest first, for /events/hosting. */
export async function hostedEvents(db: Db, hostId: number) {
  return db
    .selectFrom('events')
    .leftJoin('users as proposer', 'proposer.id', 'events.proposed_by')
    .select([
      'events.id',
      'events.title',
      'events.type',
      'events.status',
      'events.starts_at',
      'events.time_zone',
      'events.proposed_by',
    ])
    .select(
      sql<
        string | null
      >`coalesce(proposer.org_name, concat_ws(' ', proposer.first_name, proposer.last_name))`.as(
        'proposer_name',
      ),
    )
    .where('events.host_id', '=', hostId)
    .orderBy('events.starts_at', 'desc')
    .limit(200)
    .execute();
}

/** The events a member proposed to others, for /events/hosting. */
export async function proposedBy(db: Db, memberId: number) {
  return db
    .selectFrom('events')
    .select(['id', 'title', 'status', 'starts_at', 'time_zone'])
    .where('proposed_by', '=', memberId)
    .orderBy('starts_at', 'desc')
    .limit(200)
    .execute();
}
