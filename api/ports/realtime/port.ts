/**
 * Live events to one user's browser(s). Each user has a channel named by their id carrying
 * 'new-message', 'read-message', 'message-read' (read receipts) and 'notification'.
 * Services publish after their transaction commits; delivery is best effort (the pages refetch
 * on load), so a failed publish is logged and never fails the request.
 */
export interface RealtimeEvent {
  event: RealtimeEventName;
  payload: unknown;
}

export type RealtimeEventName = 'new-message' | 'read-message' | 'message-read' | 'notification';

export type RealtimeListener = (event: RealtimeEvent) => void;

export interface RealtimePort {
  /** 'local': the browser connects to GET /api/realtime (SSE); 'ably': to Ably with /api/ably tokens. */
  readonly kind: 'local' | 'ably';
  publish(userId: number, event: RealtimeEventName, payload: unknown): Promise<void>;
  /**
   * Local adapter only: listen to one user's channel in this process. The SSE route calls it with
   * the session user's id and nothing else. Returns the unsubscribe function.
   */
  subscribe(userId: number, listener: RealtimeListener): () => void;
  /** Ably adapter only: a token request for this user (clientId = user id, own channel only). */
  tokenRequest(userId: number): Promise<unknown>;
  /**
   * Ably adapter only: the users present on 'onlineStatus'. The local adapter's presence lives in
   * the online_presence table (api/modules/presence), which every process can read.
   */
  presentUserIds?(): Promise<number[]>;
  close(): Promise<void>;
}

/** The per-user channel name (Ably) and the presence channel every member joins. */
export const userChannel = (userId: number) => String(userId);
export const ONLINE_STATUS_CHANNEL = 'onlineStatus';
