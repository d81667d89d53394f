import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useInfiniteQuery } from './query-hooks/use-infinite-query';
import { useMutation } from './query-hooks/use-mutation';
import { trpc } from './trpc';

export interface ThreadMessage {
  id: number;
  senderId: number;
  body: string;
  createdAt: Date;
  readAt: Date | null;
  clientId: string;
}

/** One conversation, paged back in time (newest page first), plus the send and mark-read calls. */
export function useThread(other: number | null) {
  const queryClient = useQueryClient();
  const thread = useInfiniteQuery({
    queryKey: ['thread', other],
    enabled: other !== null,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => trpc.messaging.thread.query({ with: other ?? 0, before: pageParam }),
    getNextPageParam: (last) => (last.hasMore ? last.messages[last.messages.length - 1]?.id : undefined),
  });
  // One client id per message being written: a retry of the same send reuses it.
  const clientId = useRef(newClientId());
  const send = useMutation({
    mutationFn: (body: string) =>
      trpc.messaging.send.mutate({ to: other ?? 0, body, clientId: clientId.current }),
    retry: (count, error) =>
      count < 2 && !(error instanceof Error && /4\d\d|cannot|at most/i.test(error.message)),
    onSuccess: () => {
      clientId.current = newClientId();
      void queryClient.invalidateQueries({ queryKey: ['thread', other] });
      void queryClient.invalidateQueries({ queryKey: ['conversations'] });
    },
  });
  const markRead = useMutation({
    mutationFn: (who: number) => trpc.messaging.markRead.mutate({ with: who }),
    onSuccess: (result) => {
      if (result.read > 0) void queryClient.invalidateQueries({ queryKey: ['conversations'] });
    },
  });
  const messages: ThreadMessage[] = (thread.data?.pages ?? []).flatMap((p) => p.messages).reverse();
  const first = thread.data?.pages[0];
  return {
    thread,
    messages,
    member: first?.member ?? null,
    blockedByMe: first?.blockedByMe ?? false,
    send,
    markRead,
  };
}

function newClientId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
