import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MessageThread } from '../components/MessageThread';
import { useQuery } from '../lib/query-hooks/use-query';
import { onRealtime, type RealtimeKind } from '../lib/realtime-client';
import { relativeAge } from '../lib/relative-age';
import { trpc } from '../lib/trpc';
import { useThread } from '../lib/use-thread';

export interface ConversationSummary {
  id: number;
  member: { id: number; name: string; profileImage: string | null };
  lastMessage: string | null;
  lastMessageAt: string;
  unread: number;
}

export interface MessengerProps {
  userId: number;
  realtime: RealtimeKind;
  conversations: ConversationSummary[];
  /** The member to open first (?to={id}), or null. */
  open: number | null;
}

/** /messaging: the conversation list and the open thread, updated live. */
export default function Messenger({ userId, realtime, conversations: initial, open }: MessengerProps) {
  const queryClient = useQueryClient();
  const [other, setOther] = useState<number | null>(open);
  const list = useQuery({
    queryKey: ['conversations'],
    queryFn: async () =>
      (await trpc.messaging.conversations.query()).map((c) => ({
        ...c,
        lastMessageAt: String(c.lastMessageAt),
      })),
    initialData: initial,
    staleTime: 5_000,
  });
  const state = useThread(other);
  const { markRead } = state;
  const newest = state.messages[state.messages.length - 1];

  // Opening a thread (or a new message arriving in it) reads it.
  useEffect(() => {
    if (other !== null && newest && newest.senderId !== userId && !newest.readAt) markRead.mutate(other);
  }, [other, newest, userId, markRead.mutate]);

  useEffect(
    () =>
      onRealtime(realtime, userId, (event, payload) => {
        const data = (payload ?? {}) as { from?: number; by?: number };
        if (event === 'new-message') {
          void queryClient.invalidateQueries({ queryKey: ['conversations'] });
          void queryClient.invalidateQueries({ queryKey: ['thread', data.from] });
        }
        if (event === 'message-read') void queryClient.invalidateQueries({ queryKey: ['thread', data.by] });
      }),
    [queryClient, realtime, userId],
  );

  function choose(id: number) {
    setOther(id);
    window.history.replaceState(null, '', `/messaging?to=${id}`);
  }

  const conversations = list.data ?? [];
  const online = useOnlineMembers(
    realtime,
    conversations.map((c) => c.member.id),
  );
  return (
    <div className="messenger">
      <nav className="messenger__list" aria-label="Conversations">
        {conversations.length === 0 ? (
          <p>No conversations yet. Start one from a member’s profile with the Message button.</p>
        ) : (
          <ul>
            {conversations.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className="conversation"
                  aria-current={c.member.id === other ? 'true' : undefined}
                  onClick={() => choose(c.member.id)}
                >
                  <span className="conversation__name">
                    {c.member.name}
                    {online.has(c.member.id) && <span className="conversation__online">Online</span>}
                  </span>
                  <span className="conversation__last">{c.lastMessage ?? ''}</span>
                  <span className="conversation__time" suppressHydrationWarning>
                    {relativeAge(c.lastMessageAt)}
                  </span>
                  {c.unread > 0 && (
                    <span className="conversation__unread">
                      {c.unread}
                      <span className="visually-hidden"> unread</span>
                    </span>
                  )}
                </button>
              </li>
            ))}
          </ul>
        )}
      </nav>
      {other === null ? (
        <p className="messenger__empty">Choose a conversation.</p>
      ) : (
        <MessageThread key={other} me={userId} other={other} state={state} />
      )}
    </div>
  );
}

/**
 * 'onlineStatus' for the local adapter: which conversation partners have a live stream open,
 * refreshed every 30 s. (With Ably, presence comes from Ably's own onlineStatus channel.)
 */
function useOnlineMembers(realtime: RealtimeKind, memberIds: number[]): Set<number> {
  const query = useQuery({
    queryKey: ['online', memberIds],
    queryFn: () => trpc.messaging.onlineStatus.query({ userIds: memberIds.slice(0, 100) }),
    enabled: realtime === 'local' && memberIds.length > 0,
    refetchInterval: 30_000,
  });
  return new Set(query.data?.online ?? []);
}
