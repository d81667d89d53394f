import { analyticsSessionCookie } from '../../middleware/analytics-visit';
import {
  clickInput,
  endPageViewInput,
  pageViewInput,
  sessionStartInput,
} from '../../modules/analytics/ingest/schema';
import type { TrpcContext } from '../context';
import { router } from '../init';
import { publicProcedure } from '../procedures';

/**
 * The browser tracker's calls (seed section 7), open to visitors. Each answers from memory (the
 * ingest buffers the rows) and slides the analytics cookie. Rate-limited calls get
 * TOO_MANY_REQUESTS, which the tracker swallows (console only).
 */
function keepSession(ctx: TrpcContext, sessionId: string | null) {
  if (sessionId) ctx.resHeaders.append('set-cookie', analyticsSessionCookie(ctx.config, sessionId));
}

export const trackingRouter = router({
  getOrStartSession: publicProcedure.input(sessionStartInput).mutation(({ ctx, input }) => {
    const { sessionId, isNew } = ctx.analytics.getOrStartSession(ctx.analyticsVisit(), input);
    keepSession(ctx, sessionId);
    // The id stays in the HttpOnly cookie; scripts only learn whether a session started.
    return { isNew };
  }),

  trackPageView: publicProcedure.input(pageViewInput).mutation(({ ctx, input }) => {
    const { sessionId, pageViewId } = ctx.analytics.trackPageView(ctx.analyticsVisit(), input);
    keepSession(ctx, sessionId);
    return { pageViewId };
  }),

  endPageView: publicProcedure.input(endPageViewInput).mutation(({ ctx, input }) => {
    keepSession(ctx, ctx.analytics.endPageView(ctx.analyticsVisit(), input).sessionId);
    return { ok: true as const };
  }),

  heartbeat: publicProcedure.mutation(({ ctx }) => {
    keepSession(ctx, ctx.analytics.heartbeat(ctx.analyticsVisit()).sessionId);
    return { ok: true as const };
  }),

  trackClick: publicProcedure.input(clickInput).mutation(({ ctx, input }) => {
    keepSession(ctx, ctx.analytics.trackClick(ctx.analyticsVisit(), input).sessionId);
    return { ok: true as const };
  }),
});
