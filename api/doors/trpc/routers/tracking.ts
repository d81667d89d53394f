import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { analyticsSessionCookie } from '../../../middleware/analytics-visit';
import { type TrackingCall, trackingCalls } from '../../../modules/analytics/ingest/calls';
import { IngestRejectedError, IngestUnavailableError } from '../../../modules/analytics/ingest/store-errors';
import { router } from '../init';
import { publicProcedure } from '../procedures';

/**
 * The browser tracker's calls (docs/product/spec.md §7), open to visitors; defined in
 * api/modules/analytics/ingest/calls.ts. Each answers once its event is stored (docs/decisions/0013-ingest-group-commit.md)
 * and slides the analytics cookie. Rate-limited calls get TOO_MANY_REQUESTS, which the tracker
 * swallows (console only).
 */
function procedure<S extends z.ZodType, O>(call: TrackingCall<S, O>) {
  return publicProcedure.input(call.input).mutation(async ({ ctx, input }) => {
    // tRPC types a parsed input loosely; it is the schema's output.
    const { sessionId, output } = await call
      .run(ctx.analytics, ctx.analyticsVisit(), input as z.output<S>)
      .catch((error: unknown) => {
        throw trackingStoreError(error) ?? error;
      });
    if (sessionId) ctx.resHeaders.append('set-cookie', analyticsSessionCookie(ctx.config, sessionId));
    return output;
  });
}

/** The RPC error for an event that was not stored, or null for any other error. */
function trackingStoreError(error: unknown): TRPCError | null {
  if (error instanceof IngestUnavailableError)
    return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: error.message, cause: error });
  if (error instanceof IngestRejectedError)
    return new TRPCError({ code: 'BAD_REQUEST', message: error.message, cause: error });
  return null;
}

export const trackingRouter = router({
  getOrStartSession: procedure(trackingCalls.getOrStartSession),
  trackPageView: procedure(trackingCalls.trackPageView),
  endPageView: procedure(trackingCalls.endPageView),
  heartbeat: procedure(trackingCalls.heartbeat),
  trackClick: procedure(trackingCalls.trackClick),
  trackClickSignal: procedure(trackingCalls.trackClickSignal),
});
