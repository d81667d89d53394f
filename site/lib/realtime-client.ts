/**
 * The browser side of the realtime port: one connection per page shared by every island.
 * Local: an EventSource on /api/realtime (always the session user's own channel). Ably: the
 * user's channel named by their id, with tokens from /api/ably, plus presence on 'onlineStatus'.
 */
export type RealtimeKind = 'local' | 'ably';
export type RealtimeHandler = (event: string, payload: unknown) => void;

export const REALTIME_EVENTS = ['new-message', 'read-message', 'message-read', 'notification'] as const;

const handlers = new Set<RealtimeHandler>();
let started = false;

function dispatch(event: string, payload: unknown) {
  for (const handler of handlers) handler(event, payload);
}

function startLocal() {
  const source = new EventSource('/api/realtime');
  for (const name of REALTIME_EVENTS) {
    source.addEventListener(name, (e) => {
      let payload: unknown = null;
      try {
        payload = JSON.parse((e as MessageEvent<string>).data);
      } catch {
        // An unreadable event is dropped; the next page load shows the truth.
      }
      dispatch(name, payload);
    });
  }
  source.addEventListener('ready', () => {
    document.documentElement.dataset.realtime = 'ready';
  });
}

async function startAbly(userId: number) {
  const Ably = await import('ably');
  const client = new Ably.Realtime({ authUrl: '/api/ably', authMethod: 'GET' });
  const channel = client.channels.get(String(userId));
  await channel.subscribe((message) => dispatch(message.name ?? '', message.data));
  document.documentElement.dataset.realtime = 'ready';
  await client.channels.get('onlineStatus').presence.enter();
}

/** Subscribes to the signed-in user's live events; returns the unsubscribe function. */
export function onRealtime(kind: RealtimeKind, userId: number, handler: RealtimeHandler): () => void {
  handlers.add(handler);
  if (!started && typeof window !== 'undefined') {
    started = true;
    if (kind === 'ably') startAbly(userId).catch((error: unknown) => console.error('Ably failed', error));
    else startLocal();
  }
  return () => {
    handlers.delete(handler);
  };
}
