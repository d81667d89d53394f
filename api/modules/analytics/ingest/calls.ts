import { z } from 'zod';
import { clickInput, clickSignalInput, endPageViewInput, pageViewInput, sessionStartInput } from './schema';
import type { AnalyticsIngest, Visit } from './service';

/**
 * The five tracking calls of docs/product/spec.md §7: input schema, and what each does and
 * answers. The tRPC router (api/doors/trpc/routers/tracking.ts) makes one procedure of each. Each call
 * resolves once its event is stored (decision 0013) and returns the session id for the cookie.
 */
export interface TrackingCall<S extends z.ZodType, O> {
  input: S;
  run(
    ingest: AnalyticsIngest,
    visit: Visit,
    input: z.output<S>,
  ): Promise<{ sessionId: string | null; output: O }>;
}

const call = <S extends z.ZodType, O>(input: S, run: TrackingCall<S, O>['run']): TrackingCall<S, O> => ({
  input,
  run,
});

export const trackingCalls = {
  getOrStartSession: call(sessionStartInput, async (ingest, visit, input) => {
    const { sessionId, isNew } = await ingest.getOrStartSession(visit, input);
    // The id stays in the HttpOnly cookie; scripts only learn whether a session started.
    return { sessionId, output: { isNew } };
  }),
  trackPageView: call(pageViewInput, async (ingest, visit, input) => {
    const { sessionId, pageViewId } = await ingest.trackPageView(visit, input);
    return { sessionId, output: { pageViewId } };
  }),
  endPageView: call(endPageViewInput, async (ingest, visit, input) => ({
    sessionId: (await ingest.endPageView(visit, input)).sessionId,
    output: { ok: true as const },
  })),
  /** No input. */
  heartbeat: call(z.void(), async (ingest, visit) => ({
    sessionId: (await ingest.heartbeat(visit)).sessionId,
    output: { ok: true as const },
  })),
  trackClick: call(clickInput, async (ingest, visit, input) => ({
    sessionId: (await ingest.trackClick(visit, input)).sessionId,
    output: { ok: true as const },
  })),
  trackClickSignal: call(clickSignalInput, async (ingest, visit, input) => ({
    sessionId: (await ingest.trackClickSignal(visit, input)).sessionId,
    output: { ok: true as const },
  })),
};

export type TrackingCallName = keyof typeof trackingCalls;
