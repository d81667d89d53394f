import { getTRPCErrorShape, type TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { analyticsSessionCookie, analyticsVisit } from '../middleware/analytics-visit';
import { type TrackingCallName, trackingCalls } from '../modules/analytics/ingest/calls';
import { RateLimitedError } from '../modules/errors';
import type { AppEnv } from '../platform/env';
import { appRouter } from '../trpc/routers';
import { trackingStoreError } from '../trpc/routers/tracking';
import { tooLarge } from './body-text';
import { fastPathInput } from './fast-path-input';

/**
 * Accepted tracking events answered without the tRPC machinery. Every open page sends them, so
 * they are the app's highest-rate requests, and tRPC's per-call work (abort signals, context,
 * response shaping) cost more than the event itself: `npm run bench -- ingest` measured tracking at
 * under half the rate of a plain-text route. Here the same calls (same zod schemas, same ingest)
 * answer in tRPC's own wire format: POST /api/trpc/tracking.<name> with {"json": input} →
 * {"result":{"data":{"json": output}}}.
 *
 * A call answers once its event is stored (docs/decisions/0013-ingest-group-commit.md). A body superjson had to annotate
 * (`meta`), input the schema refuses and a rate-limited caller all fall through to the tRPC
 * router, which answers them with its usual errors (it re-checks everything, so nothing is
 * accepted twice). An event that was not stored cannot fall through (the router would try to
 * store it again): it is answered here with the router's own error shape.
 */
/** The largest valid call (URL, referrer, title, five UTM values) is under 8 kB. */
const MAX_BODY_BYTES = 16 * 1024;

export function registerTrackingFastPath(app: Hono<AppEnv>) {
  for (const name of Object.keys(trackingCalls) as TrackingCallName[]) {
    const call = trackingCalls[name];
    app.post(`/api/trpc/tracking.${name}`, async (c, next) => {
      const body = await fastPathInput(c, MAX_BODY_BYTES);
      if (body.kind === 'too large') return tooLarge(c);
      if (body.kind === 'router') return next();
      const parsed = call.input.safeParse(body.input);
      if (!parsed.success) return next();
      let result: { sessionId: string | null; output: unknown };
      try {
        // The schema of this very call parsed the input.
        result = await (call.run as (...args: unknown[]) => Promise<typeof result>)(
          c.get('analytics'),
          analyticsVisit(c),
          parsed.data,
        );
      } catch (error) {
        if (error instanceof RateLimitedError) return next();
        const notStored = trackingStoreError(error);
        if (notStored) return rpcError(c, `tracking.${name}`, notStored);
        throw error;
      }
      if (result.sessionId) {
        c.header('set-cookie', analyticsSessionCookie(c.get('config'), result.sessionId), { append: true });
      }
      return c.json({ result: { data: { json: result.output } } });
    });
  }
}

/** An error answered exactly as the tRPC router answers it: its formatter, transformer and status. */
function rpcError(c: Context<AppEnv>, path: string, error: TRPCError) {
  const config = appRouter._def._config;
  const shape = getTRPCErrorShape({
    config,
    error,
    type: 'mutation',
    path,
    input: undefined,
    ctx: undefined,
  });
  const status = getHTTPStatusCodeFromError(error) as ContentfulStatusCode;
  return c.json({ error: config.transformer.output.serialize(shape) }, status);
}
