import type { DbHandle } from '../../../db/client';
import type { Config } from '../../platform/config';
import { log } from '../../platform/logger';
import { ablyRealtime } from './ably';
import { localRealtime } from './local';
import type { RealtimeEventName, RealtimePort } from './port';

export type { RealtimeEvent, RealtimeEventName, RealtimeListener, RealtimePort } from './port';

export function createRealtimePort(config: Pick<Config, 'ABLY_API_KEY'>, database: DbHandle): RealtimePort {
  return config.ABLY_API_KEY ? ablyRealtime(config.ABLY_API_KEY) : localRealtime(database);
}

/** Fire after commit: a failed publish is logged and never fails the caller. */
export function emit(
  realtime: RealtimePort,
  userId: number,
  event: RealtimeEventName,
  payload: unknown,
): void {
  realtime.publish(userId, event, payload).catch((error: unknown) => {
    log.warn(`realtime publish ${event} to ${userId} failed`, error);
  });
}
