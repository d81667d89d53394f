import type { Context, Hono } from 'hono';
import { type ZodType, z } from 'zod';
import { analyticsSessionCookie, analyticsVisit } from '../../middleware/analytics-visit';
import type { AppEnv } from '../../middleware/app-env';
import { activityInput, beaconEndInput } from '../../modules/analytics/ingest/schema';
import { IngestRejectedError, IngestUnavailableError } from '../../modules/analytics/ingest/store-errors';
import { RateLimitedError } from '../../modules/errors';
import { bodyText, tooLarge } from './body-text';

/** Both bodies are a few dozen bytes; anything near this is not a tracker. */
const MAX_BODY_BYTES = 8 * 1024;

/**
 * The two tracking endpoints that are not tRPC (docs/product/spec.md §7). The CSRF origin check
 * (same-origin-writes) stays on: sendBeacon and fetch send Origin on same-origin POSTs.
 * - POST /api/analytics/beacon-end {pageViewId, durationMs}: sent with navigator.sendBeacon when
 *   the page is hidden, so the body may come as text/plain;charset=UTF-8, application/json or
 *   with no content type at all: it is read as text and parsed as JSON whatever the header says.
 * - POST /api/log-activity {userId, path}: signed-in users only, and only for themselves.
 * Both answer 204 with no body once the event is stored (docs/decisions/0013-ingest-group-commit.md); the tracker never reads them.
 */
export function registerAnalyticsRoutes(app: Hono<AppEnv>) {
  app.post('/api/analytics/beacon-end', async (c) => {
    const input = await readJson(c, beaconEndInput);
    if (input instanceof Response) return input;
    return answer(c, async () => {
      const { sessionId } = await c.get('analytics').endFromBeacon(analyticsVisit(c), input);
      if (sessionId)
        c.header('set-cookie', analyticsSessionCookie(c.get('config'), sessionId), { append: true });
    });
  });

  app.post('/api/log-activity', async (c) => {
    const user = c.get('user');
    if (!user)
      return c.json({ error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } }, 401);
    const input = await readJson(c, activityInput);
    if (input instanceof Response) return input;
    if (input.userId !== user.id) {
      return c.json(
        { error: { code: 'FORBIDDEN', message: 'Activity can only be logged for yourself.' } },
        403,
      );
    }
    return answer(c, () => c.get('analytics').logActivity(input));
  });
}

/** Parses the body as JSON against `schema`, or answers 400 like the rest of the API. */
async function readJson<T>(c: Context<AppEnv>, schema: ZodType<T>): Promise<T | Response> {
  const text = await bodyText(c, MAX_BODY_BYTES);
  if (text === null) return tooLarge(c);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return c.json({ error: { code: 'BAD_REQUEST', message: 'The body must be JSON.' } }, 400);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    return c.json(
      {
        error: {
          code: 'BAD_REQUEST',
          message: 'Please correct the highlighted fields.',
          zodError: z.flattenError(parsed.error),
        },
      },
      400,
    );
  }
  return parsed.data;
}

/**
 * 204 when the event is stored; 429 (with Retry-After) when the caller is over a limit; 503 when
 * the database could not take it in time; 400 when the database refused it.
 */
async function answer(c: Context<AppEnv>, accept: () => Promise<unknown>): Promise<Response> {
  try {
    await accept();
  } catch (error) {
    if (error instanceof RateLimitedError || error instanceof IngestUnavailableError) {
      const limited = error instanceof RateLimitedError;
      c.header('Retry-After', String(error.retryAfterSeconds));
      const code = limited ? 'TOO_MANY_REQUESTS' : 'SERVICE_UNAVAILABLE';
      return c.json({ error: { code, message: error.message } }, limited ? 429 : 503);
    }
    if (error instanceof IngestRejectedError)
      return c.json({ error: { code: 'BAD_REQUEST', message: error.message } }, 400);
    throw error;
  }
  return c.body(null, 204);
}
