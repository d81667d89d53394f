import { feedbackInput } from '../../../modules/feedback/schema';
import { submitFeedback } from '../../../modules/feedback/service';
import { router } from '../init';
import { publicProcedure } from '../procedures';

export const feedbackRouter = router({
  submit: publicProcedure
    .input(feedbackInput)
    .mutation(({ ctx, input }) =>
      submitFeedback(ctx.db, input, { ip: ctx.ip, userId: ctx.user?.id ?? null }),
    ),
});
