import { z } from 'zod';
import { INT4_MAX, rowId } from '../../../modules/bounds';
import { listNotifications, markAllAsRead, markAsRead } from '../../../modules/notifications/service';
import { router } from '../init';
import { memberProcedure } from '../procedures';

/** docs/product/spec.md §7: notifications.* — a member reads and marks only their own. */
const userIdInput = z.object({ userid: z.number().int().min(0).max(INT4_MAX) });

export const notificationsRouter = router({
  getNotifications: memberProcedure
    .input(userIdInput)
    .query(({ ctx, input }) => listNotifications(ctx.db, ctx.user.id, input.userid)),
  markAsRead: memberProcedure
    .input(z.object({ notificationId: rowId }))
    .mutation(({ ctx, input }) => markAsRead(ctx.db, ctx.user.id, input.notificationId)),
  markAllAsRead: memberProcedure
    .input(userIdInput)
    .mutation(({ ctx, input }) => markAllAsRead(ctx.db, ctx.user.id, input.userid)),
});
