import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { NotificationItem } from '../../api/contract/notification-types';
import { useMutation } from './query-hooks/use-mutation';
import { useQuery } from './query-hooks/use-query';
import { onRealtime, type RealtimeKind } from './realtime-client';
import { trpc } from './trpc';

/**
 * docs/product/spec.md §7: notifications.getNotifications runs only with a session; its result is the
 * shared notification state (one query key for the popover and the page), refetched when a
 * live 'notification' event arrives.
 */
export function useNotifications(userId: number, realtime: RealtimeKind) {
  const queryClient = useQueryClient();
  const key = ['notifications', userId];
  const query = useQuery({
    queryKey: key,
    queryFn: async (): Promise<NotificationItem[]> =>
      trpc.notifications.getNotifications.query({ userid: userId }),
    enabled: userId > 0,
    retry: 1,
  });

  useEffect(
    () =>
      onRealtime(realtime, userId, (event) => {
        if (event === 'notification')
          void queryClient.invalidateQueries({ queryKey: ['notifications', userId] });
      }),
    [queryClient, realtime, userId],
  );

  const setRead = (ids: number[] | 'all') =>
    queryClient.setQueryData<NotificationItem[]>(key, (list) =>
      list?.map((n) => (ids === 'all' || ids.includes(n.id) ? { ...n, isread: true } : n)),
    );

  const markOne = useMutation({
    mutationFn: (id: number) => trpc.notifications.markAsRead.mutate({ notificationId: id }),
    onMutate: (id) => setRead([id]),
  });
  const markAll = useMutation({
    mutationFn: () => trpc.notifications.markAllAsRead.mutate({ userid: userId }),
    onMutate: () => setRead('all'),
  });
  return { query, markOne, markAll };
}
