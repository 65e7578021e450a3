import { useQueryClient } from '@tanstack/react-query';
import type { Notification, ProjectOfMember } from '@teamline/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { projectApi } from '../../../lib/project-api';
import { projectsKey, useProjects } from '../../../lib/use-projects';
import { useProjectStore } from '../../../stores/project-store';
import { useMarkRead, useNotifications, useNotificationsLive } from '../hooks/use-notifications';
import { NotificationBellView } from './NotificationBellView';

/** The signed-in member's bell in the header: live count, list, mark read, links into the app. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const client = useQueryClient();
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
    const link = item.link;
    if (!link) return;
    setOpen(false);
    // A notice is about its project: settings links (subscription, card, webhooks) carry no project
    // id, and the settings page shows the current project, so the notice's becomes the current one.
    const select = (projects: ProjectOfMember[]) => {
      const project = projects.find((p) => p.projectIdx === item.projectIdx);
      if (project) useProjectStore.getState().select(project);
    };
    if (item.projectIdx == null || allProjects.some((p) => p.projectIdx === item.projectIdx)) {
      select(allProjects);
      void navigate(link);
      return;
    }
    // A project joined since the list was loaded (hired from a job post) or never joined (a job
    // post's project, for an applicant): the list is reloaded first, so a new project is picked.
    void client
      .fetchQuery({ queryKey: projectsKey, queryFn: projectApi.listOfMember, staleTime: 0 })
      .then(select, () => undefined)
      .finally(() => void navigate(link));
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
