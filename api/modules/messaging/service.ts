import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { NOTIFICATION_TYPE } from '../../contract/notification-types';
import { emit, type RealtimePort } from '../../ports/realtime';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { nameOf } from '../notifications/names';
import { announceNotification, createNotification } from '../notifications/service';
import { hitRateLimit } from '../rate-limits/service';
import { assertReportReason, raiseRedFlag } from '../red-flags/raise';
import { blockedBetween } from './blocks';
import { type SendMessageInput, THREAD_PAGE } from './schema';

/** 30 messages a minute per sender: plenty for a conversation, too few for spam. */
export const SEND_LIMIT = {
  name: 'message-send',
  limit: 30,
  windowSeconds: 60,
  message: 'You are sending messages too quickly. Please wait a moment and try again.',
};

export interface MessageView {
  id: number;
  senderId: number;
  body: string;
  createdAt: Date;
  readAt: Date | null;
  clientId: string;
}

export interface MemberSummary {
  id: number;
  name: string;
  profileImage: string | null;
}

const pair = (a: number, b: number) => (a < b ? { user_a: a, user_b: b } : { user_a: b, user_b: a });

/** A member who can take part in messaging: exists, not deleted or suspended, not a vendor shop. */
export async function messagingMember(db: Db, userId: number): Promise<MemberSummary | null> {
  const u = await db
    .selectFrom('users')
    .select(['id', 'profile_image'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('blocked_at', 'is', null)
    .where('is_vendor', '=', false)
    .executeTakeFirst();
  if (!u) return null;
  return { id: u.id, name: await nameOf(db, u.id), profileImage: u.profile_image };
}

/**
 * Stores a message, its notification and (by derivation) the recipient's unread count in one
 * transaction, then tells both sides. The same (sender, clientId) returns the stored message.
 */
export async function sendMessage(
  db: Db,
  realtime: RealtimePort,
  senderId: number,
  input: SendMessageInput,
): Promise<{ message: MessageView; duplicate: boolean }> {
  if (input.to === senderId) throw new ValidationError({ to: ['You cannot message yourself.'] });
  await hitRateLimit(db, SEND_LIMIT, String(senderId));
  const recipient = await messagingMember(db, input.to);
  if (!recipient) throw new NotFoundError('This member cannot receive messages.');

  const result = await db.transaction().execute(async (trx) => {
    if (await blockedBetween(trx, senderId, input.to)) {
      throw new ForbiddenError('You cannot exchange messages with this member.');
    }
    const conversation = await trx
      .insertInto('conversations')
      .values({ ...pair(senderId, input.to), last_message_at: new Date() })
      .onConflict((oc) =>
        oc.columns(['user_a', 'user_b']).doUpdateSet({ last_message_at: sql`excluded.last_message_at` }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    const inserted = await trx
      .insertInto('messages')
      .values({
        conversation_id: conversation.id,
        sender_id: senderId,
        recipient_id: input.to,
        body: input.body,
        client_id: input.clientId,
      })
      .onConflict((oc) => oc.columns(['sender_id', 'client_id']).doNothing())
      .returning(['id', 'sender_id', 'body', 'created_at', 'read_at', 'client_id'])
      .executeTakeFirst();
    if (!inserted) return { conversationId: conversation.id, row: null, notification: null };
    const notification = await createNotification(trx, {
      userId: input.to,
      type: NOTIFICATION_TYPE.newMessage,
      message: `${await nameOf(trx, senderId)} sent you a message.`,
      route: `/messaging?to=${senderId}`,
      relatedUserId: senderId,
    });
    return { conversationId: conversation.id, row: inserted, notification };
  });

  if (!result.row) {
    // A retry: the first attempt was stored (and announced); answer with it.
    const existing = await db
      .selectFrom('messages')
      .select(['id', 'sender_id', 'body', 'created_at', 'read_at', 'client_id'])
      .where('sender_id', '=', senderId)
      .where('client_id', '=', input.clientId)
      .executeTakeFirstOrThrow();
    return { message: view(existing), duplicate: true };
  }
  const message = view(result.row);
  // `at` (server clock, ms) lets clients and the benchmark measure delivery after commit.
  const payload = {
    conversationId: result.conversationId,
    messageId: message.id,
    from: senderId,
    at: Date.now(),
  };
  emit(realtime, input.to, 'new-message', payload);
  announceNotification(realtime, result.notification);
  return { message, duplicate: false };
}

function view(r: {
  id: number;
  sender_id: number;
  body: string;
  created_at: Date;
  read_at: Date | null;
  client_id: string;
}): MessageView {
  return {
    id: r.id,
    senderId: r.sender_id,
    body: r.body,
    createdAt: r.created_at,
    readAt: r.read_at,
    clientId: r.client_id,
  };
}

async function conversationWith(db: Db, me: number, other: number) {
  return db
    .selectFrom('conversations')
    .select('id')
    .where('user_a', '=', pair(me, other).user_a)
    .where('user_b', '=', pair(me, other).user_b)
    .executeTakeFirst();
}

/** One page of the thread with `other`, newest first; `before` pages back in time. */
export async function getThread(db: Db, me: number, other: number, before?: number) {
  const member = await messagingMember(db, other);
  if (!member) throw new NotFoundError('This member does not exist.');
  const conversation = await conversationWith(db, me, other);
  if (!conversation) return { member, messages: [] as MessageView[], hasMore: false };
  let query = db
    .selectFrom('messages')
    .select(['id', 'sender_id', 'body', 'created_at', 'read_at', 'client_id'])
    .where('conversation_id', '=', conversation.id)
    .orderBy('id', 'desc')
    .limit(THREAD_PAGE + 1);
  if (before) query = query.where('id', '<', before);
  const rows = await query.execute();
  return { member, messages: rows.slice(0, THREAD_PAGE).map(view), hasMore: rows.length > THREAD_PAGE };
}

/**
 * The member's latest 100 conversations with the other member, last message and unread count.
 * Index lookups by the member's id, whichever member.
 */
const conversationRows = (db: Db, me: number) =>
  db
    .selectFrom('conversations as c')
    .innerJoin('users as u', (j) =>
      j.on(sql<boolean>`u.id = CASE WHEN c.user_a = ${me} THEN c.user_b ELSE c.user_a END`),
    )
    .select([
      'c.id',
      'c.last_message_at',
      'u.id as other_id',
      'u.profile_image',
      sql<string>`CASE WHEN u.kind = 'organization' AND u.org_name IS NOT NULL THEN u.org_name
      ELSE trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) END`.as('name'),
      sql<string | null>`(SELECT m.body FROM messages m WHERE m.conversation_id = c.id
      ORDER BY m.id DESC LIMIT 1)`.as('last_body'),
      sql<number>`(SELECT count(*)::int FROM messages m WHERE m.conversation_id = c.id
      AND m.recipient_id = ${me} AND m.read_at IS NULL)`.as('unread'),
    ])
    .where((eb) => eb.or([eb('c.user_a', '=', me), eb('c.user_b', '=', me)]))
    .orderBy('c.last_message_at', 'desc')
    .limit(100)
    .execute();

/** The session user's conversations, most recent first, with the last message and unread count. */
export async function listConversations(db: Db, me: number) {
  const rows = await conversationRows(db, me);
  return rows.map((r) => ({
    id: r.id,
    member: { id: r.other_id, name: r.name || 'A member', profileImage: r.profile_image },
    lastMessage: r.last_body,
    lastMessageAt: r.last_message_at,
    unread: Number(r.unread),
  }));
}

/**
 * Marks every message from `other` to me as read. My badge drops by one per message
 * ('read-message'); the sender's open thread shows the read receipt ('message-read').
 */
export async function markThreadRead(db: Db, realtime: RealtimePort, me: number, other: number) {
  const conversation = await conversationWith(db, me, other);
  if (!conversation) return { read: 0 };
  const readAt = new Date();
  const rows = await db
    .updateTable('messages')
    .set({ read_at: readAt })
    .where('conversation_id', '=', conversation.id)
    .where('recipient_id', '=', me)
    .where('read_at', 'is', null)
    .returning('id')
    .execute();
  for (const row of rows) emit(realtime, me, 'read-message', { messageId: row.id });
  if (rows.length) {
    emit(realtime, other, 'message-read', { by: me, messageIds: rows.map((r) => r.id), readAt });
  }
  return { read: rows.length };
}

/** Messages addressed to me not yet read (docs/product/rulings.md, "Messaging"). */
export async function unreadMessageCount(db: Db, me: number): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('recipient_id', '=', me)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A participant reports a message: a red flag for staff (target 'message'). */
export async function reportMessage(
  db: Db,
  me: number,
  input: { messageId: number; reason: string; details?: string },
) {
  const message = await db
    .selectFrom('messages')
    .select(['id', 'sender_id', 'recipient_id'])
    .where('id', '=', input.messageId)
    .executeTakeFirst();
  if (!message || (message.sender_id !== me && message.recipient_id !== me)) {
    throw new NotFoundError('This message does not exist.');
  }
  if (message.sender_id === me)
    throw new ValidationError({ messageId: ['You cannot report your own message.'] });
  await assertReportReason(db, input.reason);
  await hitRateLimit(db, { name: 'message-report', limit: 20, windowSeconds: 3600 }, String(me));
  const redFlagId = await raiseRedFlag(db, {
    reporterId: me,
    targetType: 'message',
    targetId: message.id,
    reason: input.reason,
    details: input.details,
  });
  return { reported: true, redFlagId };
}
