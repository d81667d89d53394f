import { NotFoundError } from '../../../modules/errors';
import { createEvent, decideProposal, hostedEvents, proposedBy } from '../../../modules/events/hosting';
import { wakeEventMessages } from '../../../modules/events/message-queue';
import {
  cancelShiftInput,
  createEventInput,
  decideProposalInput,
  eventIdInput,
  eventSearchInput,
  signupInput,
} from '../../../modules/events/schema';
import { searchEvents } from '../../../modules/events/search';
import { cancelShift, myEvents, ownSignup, signUp } from '../../../modules/events/signups';
import { eventForViewer } from '../../../modules/events/views';
import { router } from '../init';
import { memberProcedure, publicProcedure } from '../procedures';

/**
 * Events (docs/decisions/0092-events-and-shifts.md): the same services as the /events pages' forms.
 * Finding and signing up are open to guests (an event is seen only as its visibility allows,
 * checked by the module); a member cancels only their own sign-ups and decides only proposals
 * made to them. A sign-up or a cancel wakes the messages' queue, as the forms do.
 */
export const eventsRouter = router({
  search: publicProcedure
    .input(eventSearchInput)
    .query(({ ctx, input }) => searchEvents(ctx.db, input, ctx.user?.id ?? null)),
  event: publicProcedure.input(eventIdInput).query(async ({ ctx, input }) => {
    const event = await eventForViewer(ctx.db, input.eventId, ctx.user?.id ?? null, input.key ?? null);
    if (!event) throw new NotFoundError('There is no such event.');
    // The private link's key is the host's to share from the page, not an API answer.
    return { ...event, shareKey: null };
  }),
  signUp: publicProcedure
    .input(signupInput.extend(eventIdInput.pick({ key: true }).shape))
    .mutation(async ({ ctx, input }) => {
      const result = await signUp(
        ctx.db,
        { userId: ctx.user?.id ?? null, ip: ctx.ip },
        input,
        input.key ?? null,
      );
      await wakeEventMessages(ctx.jobs);
      return result;
    }),
  mine: memberProcedure.query(({ ctx }) => myEvents(ctx.db, ctx.user.id)),
  cancel: memberProcedure.input(cancelShiftInput).mutation(async ({ ctx, input }) => {
    const signupId = await ownSignup(ctx.db, ctx.user.id, input.signupId);
    const result = await cancelShift(ctx.db, signupId, input.shiftId);
    await wakeEventMessages(ctx.jobs);
    return result;
  }),
  create: memberProcedure
    .input(createEventInput)
    .mutation(({ ctx, input }) =>
      createEvent(
        { db: ctx.db, email: ctx.email, appUrl: ctx.config.appUrl },
        ctx.user.id,
        input.hostId ?? ctx.user.id,
        input.event,
      ),
    ),
  hosting: memberProcedure.query(async ({ ctx }) => ({
    hosted: await hostedEvents(ctx.db, ctx.user.id),
    proposed: await proposedBy(ctx.db, ctx.user.id),
  })),
  decide: memberProcedure
    .input(decideProposalInput)
    .mutation(({ ctx, input }) => decideProposal(ctx.db, ctx.user.id, input.eventId, input.decision)),
});
