import type { DbHandle } from '../../../db/client';
import { log } from '../../platform/logger';
import type { RealtimeEvent, RealtimeEventName, RealtimeListener, RealtimePort } from './port';

/** PostgreSQL NOTIFY payloads must stay under 8,000 bytes; events carry ids, not bodies. */
const CHANNEL = 'campaign_hq_realtime';
const MAX_PAYLOAD_BYTES = 7_500;

interface Envelope {
  u: number;
  e: RealtimeEventName;
  p: unknown;
}

/**
 * The default adapter. Browsers hold a Server-Sent Events stream to this process; a publish
 * reaches every process through PostgreSQL LISTEN/NOTIFY (postgres.js), so two instances behind a
 * load balancer deliver to each other's clients. Embedded PGlite is one process: delivery is in-process.
 */
export function localRealtime(database: Pick<DbHandle, 'sql'>): RealtimePort {
  const listeners = new Map<number, Set<RealtimeListener>>();
  const sql = database.sql;

  function deliver(envelope: Envelope) {
    const set = listeners.get(envelope.u);
    if (!set) return;
    const event: RealtimeEvent = { event: envelope.e, payload: envelope.p };
    for (const listener of set) {
      try {
        listener(event);
      } catch (error) {
        log.warn('realtime listener failed', error);
      }
    }
  }

  let listening: Promise<{ unlisten: () => Promise<void> } | null> = Promise.resolve(null);
  if (sql) {
    listening = sql
      .listen(CHANNEL, (raw) => {
        try {
          deliver(JSON.parse(raw) as Envelope);
        } catch (error) {
          log.warn('realtime: bad notification payload', error);
        }
      })
      .catch((error: unknown) => {
        log.error('realtime: LISTEN failed; live events stay in this process', error);
        return null;
      });
  }

  return {
    kind: 'local',
    async publish(userId, event, payload) {
      const envelope: Envelope = { u: userId, e: event, p: payload };
      if (!sql) {
        deliver(envelope);
        return;
      }
      const text = JSON.stringify(envelope);
      if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES)
        throw new Error(`realtime payload too large: ${event}`);
      // Make sure this process listens before its first notify, or it would miss its own event.
      await listening;
      await sql.notify(CHANNEL, text);
    },
    subscribe(userId, listener) {
      let set = listeners.get(userId);
      if (!set) {
        set = new Set();
        listeners.set(userId, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(userId) === set) listeners.delete(userId);
      };
    },
    async tokenRequest() {
      throw new Error('Realtime runs locally: there is no Ably token to issue.');
    },
    async close() {
      const handle = await listening;
      listeners.clear();
      await handle?.unlisten().catch(() => {});
    },
  };
}
