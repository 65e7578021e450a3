import { useEffect } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { type NotificationReadRequest } from '@teamline/contract';
import { api } from '../../../lib/api';
import { useAuthStore } from '../../../stores/auth-store';
import { connectRealtime } from '../../../lib/realtime-client';
import { notificationApi, notificationKeys } from '../api/notification-api';

/** The caller's notices, newest first, a page at a time (the first page carries the unread count). */
export function useNotifications(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam }) => notificationApi.list(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationReadRequest) => notificationApi.markRead(body),
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.list() }),
  });
}

/**
 * Live: the server pushes a new notice (or a read mark from another tab) to this member's own
 * sockets; the list refetches. After a reconnect it refetches what it may have missed.
 */
export function useNotificationsLive(enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const refresh = () => void client.invalidateQueries({ queryKey: notificationKeys.list() });
    return connectRealtime({
      getKey: () => useAuthStore.getState().key,
      onEvent: (event) => {
        if (event.type === 'notification.created' || event.type === 'notification.read') refresh();
      },
      onReconnect: refresh,
      onUnauthorized: async () => {
        await api.get('member');
      },
    });
  }, [client, enabled]);
}
