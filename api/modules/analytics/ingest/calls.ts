import { z } from 'zod';
import { clickInput, endPageViewInput, pageViewInput, sessionStartInput } from './schema';
import type { AnalyticsIngest, Visit } from './service';

/**
 * The five tracking calls of seed section 7, defined once: input schema, and what each does and
 * answers. Two doors serve them: the tRPC router (api/trpc/routers/tracking.ts), which owns the
 * procedure types, errors and the permission test, and the fast path for accepted events
 * (api/routes/tracking-fast-path.ts). Each call returns the session id for the cookie.
 */
export interface TrackingCall<S extends z.ZodType, O> {
  input: S;
  run(ingest: AnalyticsIngest, visit: Visit, input: z.output<S>): { sessionId: string | null; output: O };
}

const call = <S extends z.ZodType, O>(input: S, run: TrackingCall<S, O>['run']): TrackingCall<S, O> => ({
  input,
  run,
});

export const trackingCalls = {
  getOrStartSession: call(sessionStartInput, (ingest, visit, input) => {
    const { sessionId, isNew } = ingest.getOrStartSession(visit, input);
    // The id stays in the HttpOnly cookie; scripts only learn whether a session started.
    return { sessionId, output: { isNew } };
  }),
  trackPageView: call(pageViewInput, (ingest, visit, input) => {
    const { sessionId, pageViewId } = ingest.trackPageView(visit, input);
    return { sessionId, output: { pageViewId } };
  }),
  endPageView: call(endPageViewInput, (ingest, visit, input) => ({
    sessionId: ingest.endPageView(visit, input).sessionId,
    output: { ok: true as const },
  })),
  /** No input. */
  heartbeat: call(z.void(), (ingest, visit) => ({
    sessionId: ingest.heartbeat(visit).sessionId,
    output: { ok: true as const },
  })),
  trackClick: call(clickInput, (ingest, visit, input) => ({
    sessionId: ingest.trackClick(visit, input).sessionId,
    output: { ok: true as const },
  })),
};

export type TrackingCallName = keyof typeof trackingCalls;
