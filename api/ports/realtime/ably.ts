import * as Ably from 'ably';
import { log } from '../../platform/logger';
import { ONLINE_STATUS_CHANNEL, type RealtimePort, userChannel } from './port';

/**
 * Ably (ABLY_API_KEY set): the server publishes with the REST client; browsers connect to Ably
 * with tokens from /api/ably, each limited to the user's own channel and 'onlineStatus'.
 */
export function ablyRealtime(apiKey: string): RealtimePort {
  const rest = new Ably.Rest({ key: apiKey, queryTime: false });
  return {
    kind: 'ably',
    async publish(userId, event, payload) {
      await rest.channels.get(userChannel(userId)).publish(event, payload);
    },
    subscribe() {
      throw new Error('Realtime runs on Ably: browsers subscribe there, not to this server.');
    },
    async tokenRequest(userId) {
      const capability = {
        [userChannel(userId)]: ['subscribe', 'history'],
        [ONLINE_STATUS_CHANNEL]: ['subscribe', 'presence'],
      };
      return rest.auth.createTokenRequest({
        clientId: String(userId),
        capability: JSON.stringify(capability),
      });
    },
    async presentUserIds() {
      const ids: number[] = [];
      let page = await rest.channels.get(ONLINE_STATUS_CHANNEL).presence.get({ limit: 1000 });
      for (;;) {
        for (const member of page.items) if (/^\d+$/.test(member.clientId)) ids.push(Number(member.clientId));
        if (!page.hasNext()) break;
        const next = await page.next();
        if (!next) break;
        page = next;
      }
      return ids;
    },
    async close() {
      log.debug('ably realtime closed');
    },
  };
}
