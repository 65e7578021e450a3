import type { Notification } from '@teamline/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useProjects } from '../../../lib/use-projects';
import { useProjectStore } from '../../../stores/project-store';
import { useMarkRead, useNotifications, useNotificationsLive } from '../hooks/use-notifications';
import { NotificationBellView } from './NotificationBellView';

/** The signed-in member's bell in the header: live count, list, mark read, links into the app. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const query = useNotifications(true);
  useNotificationsLive(true);
  const markRead = useMarkRead();
  const { allProjects } = useProjects();
  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const unreadCount = pages[0]?.unreadCount ?? 0;
  const status = query.isPending ? 'loading' : query.isError ? 'error' : 'ready';

  const onOpenItem = (item: Notification) => {
    if (!item.readAt) markRead.mutate({ ids: [item.notificationIdx] });
    if (item.link) {
      setOpen(false);
      // A notice is about its project: settings links (subscription, card, webhooks) carry no project
      // id, and the settings page shows the current project, so the notice's becomes the current one.
      const project = allProjects.find((p) => p.projectIdx === item.projectIdx);
      if (project) useProjectStore.getState().select(project);
      void navigate(item.link);
    }
  };
  return (
    <NotificationBellView
      open={open}
      onToggle={setOpen}
      unreadCount={unreadCount}
      items={items}
      status={status}
      hasMore={!!query.hasNextPage}
      onMore={() => void query.fetchNextPage()}
      onOpenItem={onOpenItem}
      onMarkRead={(item) => markRead.mutate({ ids: [item.notificationIdx] })}
      onMarkAll={() => markRead.mutate({ all: true })}
    />
  );
}
