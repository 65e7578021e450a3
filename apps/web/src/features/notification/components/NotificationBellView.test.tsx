import type { Notification } from '@teamline/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { NotificationBellView, type NotificationBellViewProps } from './NotificationBellView';

afterEach(cleanup);

const notice = (over: Partial<Notification>): Notification => ({
  notificationIdx: 1,
  projectIdx: 3,
  kind: 'storyAssigned',
  params: { actor: 'Mina', story: 'Launch checklist', project: 'Apollo' },
  link: '/timeline/3?selectedStory=7',
  readAt: null,
  createdAt: new Date().toISOString(),
  ...over,
});

function Bell(props: Partial<NotificationBellViewProps>) {
  const [open, setOpen] = useState(false);
  return (
    <NotificationBellView
      open={open}
      onToggle={setOpen}
      unreadCount={0}
      items={[]}
      status="ready"
      hasMore={false}
      onMore={() => {}}
      onOpenItem={() => {}}
      onMarkRead={() => {}}
      onMarkAll={() => {}}
      {...props}
    />
  );
}

describe('NotificationBellView', () => {
  it('shows the unread count on the bell and lists notices with their text; opening one follows it', async () => {
    const onOpenItem = vi.fn();
    const onMarkRead = vi.fn();
    const onMarkAll = vi.fn();
    const unread = notice({ notificationIdx: 2 });
    const read = notice({
      notificationIdx: 1,
      kind: 'settlementPaid',
      params: { month: '202603', project: 'Apollo' },
      link: '/calculate/expert/3?month=202603',
      readAt: new Date().toISOString(),
    });
    render(
      <Bell
        unreadCount={1}
        items={[unread, read]}
        onOpenItem={onOpenItem}
        onMarkRead={onMarkRead}
        onMarkAll={onMarkAll}
      />,
    );
    const bell = screen.getByTestId('notification-bell');
    expect(screen.getByTestId('notification-count').textContent).toBe('1');
    expect(bell.getAttribute('aria-label')).toBe('Notifications, 1 unread');
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(bell);
    // The panel's code and texts arrive when it first opens.
    const items = await screen.findAllByTestId('notification-item');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText(/Mina assigned you to “Launch checklist”/)).toBeTruthy();
    expect(within(items[0]!).getByText('A story in Apollo is now yours.')).toBeTruthy();
    expect(within(items[1]!).getByText('Your settlement for Mar 2026 was paid')).toBeTruthy();
    // Only the unread one offers "Mark read".
    expect(within(items[1]!).queryByRole('button', { name: 'Mark read' })).toBeNull();
    fireEvent.click(within(items[0]!).getByRole('button', { name: 'Mark read' }));
    expect(onMarkRead).toHaveBeenCalledWith(unread);
    fireEvent.click(within(items[0]!).getByText(/Launch checklist/));
    expect(onOpenItem).toHaveBeenCalledWith(unread);
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(onMarkAll).toHaveBeenCalled();
  });

  it('says when it is loading, failed or empty, and has no badge without unread notices', async () => {
    const { rerender } = render(<NotificationBellView {...base} status="loading" />);
    expect(screen.queryByTestId('notification-count')).toBeNull();
    expect(await screen.findByText('Loading notifications…')).toBeTruthy();
    rerender(<NotificationBellView {...base} status="error" />);
    expect(screen.getByRole('alert').textContent).toBe('Notifications could not be loaded.');
    rerender(<NotificationBellView {...base} status="ready" />);
    expect(screen.getByText('No notifications yet.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Mark all read' }).disabled).toBe(true);
  });

  it('closes on Escape', () => {
    render(<Bell />);
    fireEvent.click(screen.getByTestId('notification-bell'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

const base: NotificationBellViewProps = {
  open: true,
  onToggle: () => {},
  unreadCount: 0,
  items: [],
  status: 'ready',
  hasMore: false,
  onMore: () => {},
  onOpenItem: () => {},
  onMarkRead: () => {},
  onMarkAll: () => {},
};
