import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Notification, ProjectOfMember } from '@teamline/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { useProjectStore } from '../../../stores/project-store';
import { NotificationBell } from './NotificationBell';

const mocks = vi.hoisted(() => ({ list: vi.fn(), markRead: vi.fn(), projects: vi.fn() }));
vi.mock('../api/notification-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  notificationApi: { list: mocks.list, markRead: mocks.markRead },
}));
vi.mock('../../../lib/project-api', () => ({ projectApi: { listOfMember: mocks.projects } }));
vi.mock('../../../lib/realtime-client', () => ({ connectRealtime: () => () => {} }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  useProjectStore.getState().reset();
});

const project = (projectIdx: number, name: string) =>
  ({ projectIdx, name, status: 'ACTIVE' }) as unknown as ProjectOfMember;

const notice: Notification = {
  notificationIdx: 9,
  projectIdx: 2,
  kind: 'projectInactive',
  params: { project: 'Beta' },
  link: '/setting?tab=subscription',
  readAt: null,
  createdAt: new Date().toISOString(),
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

describe('NotificationBell', () => {
  it('opens a settings notice on its own project, not on the one that happened to be selected', async () => {
    mocks.list.mockResolvedValue({ items: [notice], unreadCount: 1, nextCursor: null });
    mocks.markRead.mockResolvedValue({ updated: 1 });
    mocks.projects.mockResolvedValue([project(1, 'Alpha'), project(2, 'Beta')]);
    useAuthStore.setState({ isLogin: true });
    useProjectStore.getState().select(project(1, 'Alpha'));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/timeline/1']}>
          <NotificationBell />
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText('1');
    await vi.waitFor(() => expect(mocks.projects).toHaveBeenCalled());
    fireEvent.click(screen.getByRole('button', { name: /notifications/i }));
    fireEvent.click(await screen.findByText(/Beta/));
    expect(screen.getByTestId('where').textContent).toBe('/setting?tab=subscription');
    expect(useProjectStore.getState().selectedProjectId).toBe(2);
    await vi.waitFor(() => expect(mocks.markRead.mock.calls[0]?.[0]).toEqual({ ids: [9] }));
  });

  it('reloads the project list for a notice of a project joined since (hired from a job post) and opens it there', async () => {
    const hired: Notification = {
      ...notice,
      notificationIdx: 10,
      projectIdx: 3,
      kind: 'applicationHired',
      params: { post: 'Backend developer', project: 'Gamma' },
      link: '/request/3',
    };
    mocks.list.mockResolvedValue({ items: [hired], unreadCount: 1, nextCursor: null });
    mocks.markRead.mockResolvedValue({ updated: 1 });
    mocks.projects.mockResolvedValueOnce([project(1, 'Alpha')]);
    mocks.projects.mockResolvedValue([project(1, 'Alpha'), project(3, 'Gamma')]);
    useAuthStore.setState({ isLogin: true });
    useProjectStore.getState().select(project(1, 'Alpha'));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/recruitment']}>
          <NotificationBell />
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText('1');
    await vi.waitFor(() => expect(mocks.projects).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: /notifications/i }));
    fireEvent.click(await screen.findByText(/Backend developer/));
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/request/3'));
    expect(mocks.projects).toHaveBeenCalledTimes(2);
    expect(useProjectStore.getState().selectedProjectId).toBe(3);
  });
});
