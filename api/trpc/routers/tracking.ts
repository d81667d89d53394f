import type { z } from 'zod';
import { analyticsSessionCookie } from '../../middleware/analytics-visit';
import { type TrackingCall, trackingCalls } from '../../modules/analytics/ingest/calls';
import { router } from '../init';
import { publicProcedure } from '../procedures';

/**
 * The browser tracker's calls (seed section 7), open to visitors; defined in
 * api/modules/analytics/ingest/calls.ts. Each answers from memory (the ingest buffers the rows)
 * and slides the analytics cookie. Rate-limited calls get TOO_MANY_REQUESTS, which the tracker
 * swallows (console only). Accepted events usually take the fast path (api/routes/tracking-fast-path.ts);
 * everything else (bad input, limits) is answered here.
 */
function procedure<S extends z.ZodType, O>(call: TrackingCall<S, O>) {
  return publicProcedure.input(call.input).mutation(({ ctx, input }) => {
    // tRPC types a parsed input loosely; it is the schema's output.
    const { sessionId, output } = call.run(ctx.analytics, ctx.analyticsVisit(), input as z.output<S>);
    if (sessionId) ctx.resHeaders.append('set-cookie', analyticsSessionCookie(ctx.config, sessionId));
    return output;
  });
}

export const trackingRouter = router({
  getOrStartSession: procedure(trackingCalls.getOrStartSession),
  trackPageView: procedure(trackingCalls.trackPageView),
  endPageView: procedure(trackingCalls.endPageView),
  heartbeat: procedure(trackingCalls.heartbeat),
  trackClick: procedure(trackingCalls.trackClick),
});
