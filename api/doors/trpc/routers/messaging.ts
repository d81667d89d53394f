import { z } from 'zod';
import { rowId } from '../../../modules/bounds';
import { blockMember, iBlocked, unblockMember } from '../../../modules/messaging/blocks';
import {
  conversationInput,
  memberInput,
  reportMessageInput,
  sendMessageInput,
  threadInput,
} from '../../../modules/messaging/schema';
import {
  getThread,
  listConversations,
  markThreadRead,
  reportMessage,
  sendMessage,
  unreadMessageCount,
} from '../../../modules/messaging/service';
import { onlineAmong } from '../../../modules/presence/service';
import { router } from '../init';
import { memberProcedure } from '../procedures';

/** One-to-one messaging (docs/product/rulings.md, "Messaging"): always from the session user's side. */
export const messagingRouter = router({
  conversations: memberProcedure.query(({ ctx }) => listConversations(ctx.db, ctx.user.id)),
  thread: memberProcedure.input(threadInput).query(async ({ ctx, input }) => ({
    ...(await getThread(ctx.db, ctx.user.id, input.with, input.before)),
    blockedByMe: await iBlocked(ctx.db, ctx.user.id, input.with),
  })),
  send: memberProcedure
    .input(sendMessageInput)
    .mutation(({ ctx, input }) => sendMessage(ctx.db, ctx.realtime, ctx.user.id, input)),
  markRead: memberProcedure
    .input(conversationInput)
    .mutation(({ ctx, input }) => markThreadRead(ctx.db, ctx.realtime, ctx.user.id, input.with)),
  unreadCount: memberProcedure.query(({ ctx }) => unreadMessageCount(ctx.db, ctx.user.id)),
  block: memberProcedure
    .input(memberInput)
    .mutation(({ ctx, input }) => blockMember(ctx.db, ctx.user.id, input.userId)),
  unblock: memberProcedure
    .input(memberInput)
    .mutation(({ ctx, input }) => unblockMember(ctx.db, ctx.user.id, input.userId)),
  /** The 'onlineStatus' of the local adapter: which of these members have a live stream open. */
  onlineStatus: memberProcedure
    .input(z.object({ userIds: z.array(rowId).max(100) }))
    .query(async ({ ctx, input }) => ({ online: await onlineAmong(ctx.db, input.userIds) })),
  report: memberProcedure
    .input(reportMessageInput)
    .mutation(({ ctx, input }) => reportMessage(ctx.db, ctx.user.id, input)),
});
