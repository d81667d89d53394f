import type { Hono } from 'hono';
import { type SSEStreamingApi, streamSSE } from 'hono/streaming';
import type { AppEnv } from '../../middleware/app-env';
import { streamSeen } from '../../modules/presence/service';
import { log } from '../../platform/logger';
import type { RealtimeEvent } from '../../ports/realtime';

const HEARTBEAT_MS = 25_000;

/**
 * Open streams one member may hold on one server process: a few browser tabs. Each stream keeps a
 * subscription, a socket and presence writes; the security test opened 300 for one account.
 */
export const MAX_STREAMS_PER_MEMBER = 5;

/**
 * GET /api/realtime: the signed-in user's own channel as Server-Sent Events (local adapter).
 * There is no channel parameter: the stream is always the session user's, so nobody can listen
 * to another member. GET /api/ably: the Ably token URL, for the session user only.
 */
export function registerRealtimeRoutes(app: Hono<AppEnv>) {
  /** Open streams by user id, on this process. */
  const openStreams = new Map<number, number>();

  app.get('/api/realtime', (c) => {
    const user = c.get('user');
    if (!user)
      return c.json({ error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } }, 401);
    const realtime = c.get('realtime');
    if (realtime.kind !== 'local') {
      return c.json({ error: { code: 'NOT_FOUND', message: 'Live events come from Ably here.' } }, 404);
    }
    const userId = user.id;
    const open = openStreams.get(userId) ?? 0;
    if (open >= MAX_STREAMS_PER_MEMBER) {
      return c.json(
        {
          error: {
            code: 'TOO_MANY_REQUESTS',
            message: `You already have ${MAX_STREAMS_PER_MEMBER} live connections open (one per browser tab). Close a tab and reload this page.`,
          },
        },
        429,
      );
    }
    openStreams.set(userId, open + 1);
    const release = () => {
      const left = (openStreams.get(userId) ?? 1) - 1;
      if (left > 0) openStreams.set(userId, left);
      else openStreams.delete(userId);
    };
    c.header('Cache-Control', 'no-store');
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      try {
        await serveStream(stream);
      } finally {
        release();
      }
    });

    async function serveStream(stream: SSEStreamingApi) {
      const queue: RealtimeEvent[] = [];
      let wake: (() => void) | null = null;
      const unsubscribe = realtime.subscribe(userId, (event) => {
        queue.push(event);
        wake?.();
      });
      let closed = false;
      stream.onAbort(() => {
        closed = true;
        wake?.();
      });
      // A client that left before the listener was registered would otherwise hold the stream,
      // and its slot of MAX_STREAMS_PER_MEMBER, until the next heartbeat.
      if (stream.aborted) closed = true;
      const db = c.get('db');
      // Presence is best effort: a failed write must never break the stream.
      const presence = (write: () => Promise<void>) =>
        write().catch((error: unknown) => log.warn('presence update failed', error));
      await presence(() => streamSeen(db, userId));
      try {
        await stream.writeSSE({ event: 'ready', data: JSON.stringify({ userId }) });
        while (!closed) {
          const event = queue.shift();
          if (event) {
            await stream.writeSSE({ event: event.event, data: JSON.stringify(event.payload ?? null) });
            continue;
          }
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, HEARTBEAT_MS);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = null;
          if (!closed && queue.length === 0) {
            await stream.write(': heartbeat\n\n');
            await presence(() => streamSeen(db, userId));
          }
        }
      } finally {
        unsubscribe();
      }
    }
  });

  app.get('/api/ably', async (c) => {
    const user = c.get('user');
    if (!user)
      return c.json({ error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } }, 401);
    const realtime = c.get('realtime');
    if (realtime.kind !== 'ably') {
      return c.json({ error: { code: 'NOT_FOUND', message: 'Realtime runs locally here.' } }, 404);
    }
    // Whatever the query says (clientId=…), the token is the session user's.
    c.header('Cache-Control', 'no-store');
    return c.json(await realtime.tokenRequest(user.id));
  });
}
