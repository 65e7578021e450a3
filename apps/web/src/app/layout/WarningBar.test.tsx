import type { ProjectOfMember } from '@teamline/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { metaByName } from '../route-meta';
import { projectsKey } from '../../lib/use-projects';
import { useAuthStore } from '../../stores/auth-store';
import { useProjectStore } from '../../stores/project-store';
import { useUiStore } from '../../stores/ui-store';
import { WarningBar } from './WarningBar';

const projects: { list: ProjectOfMember[] } = { list: [] };
vi.mock('../../lib/project-api', () => ({
  projectApi: { listOfMember: async () => projects.list, roles: vi.fn(), create: vi.fn() },
}));

const flagged = (totalMember: number): ProjectOfMember =>
  ({
    projectIdx: 7,
    name: 'P',
    status: 'ACTIVE',
    totalMember,
    sheets: 0,
    isClient: false,
    isAdmin: true,
    isWarningSubscription: true,
  }) as ProjectOfMember;

function renderBar(route: Parameters<typeof metaByName>[0]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <WarningBar meta={metaByName(route)} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useAuthStore.setState({ isLogin: true, key: 'k', expires: '' });
  useUiStore.setState({ warningClosedFor: '' });
  projects.list = [];
});
afterEach(cleanup);

describe('WarningBar (docs/product/i18n-and-modes.md#warning-bar)', () => {
  it('shows for a flagged project on a project route, with a settings button', async () => {
    useProjectStore.getState().select(flagged(6));
    renderBar('Timeline');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open settings' })).toBeTruthy();
  });

  it('stays hidden on home, setting, Profile, Recruitment, instructionNewRegister and join', () => {
    useProjectStore.getState().select(flagged(6));
    for (const route of [
      'home',
      'setting',
      'Profile',
      'Recruitment',
      'instructionNewRegister',
      'join',
    ] as const) {
      const { unmount } = renderBar(route);
      expect(screen.queryByRole('alert')).toBeNull();
      unmount();
    }
  });

  it('stays hidden when logged out', () => {
    useAuthStore.setState({ isLogin: false });
    useProjectStore.getState().select(flagged(6));
    renderBar('Timeline');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closes, and reappears when the total member count changes while flagged', async () => {
    useProjectStore.getState().select(flagged(6));
    renderBar('Timeline');
    fireEvent.click(await screen.findByRole('button', { name: 'Close warning' }));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => useProjectStore.getState().select(flagged(7)));
    expect(await screen.findByRole('alert')).toBeTruthy();
  });

  it('the settings button opens the subscription section of settings', async () => {
    useProjectStore.getState().select(flagged(6));
    function Where() {
      const location = useLocation();
      return <p data-testid="where">{location.pathname + location.search}</p>;
    }
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/timeline/7']}>
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
          <WarningBar meta={metaByName('Timeline')} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Open settings' }));
    expect(screen.getByTestId('where').textContent).toBe('/setting?tab=subscription');
  });

  it('follows the project list: when added sheets cover the members, the refreshed list clears the bar', async () => {
    projects.list = [flagged(6)];
    useProjectStore.getState().select(flagged(6));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <WarningBar meta={metaByName('Timeline')} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('alert')).toBeTruthy();
    projects.list = [{ ...flagged(6), sheets: 2, isWarningSubscription: false }];
    // What a billing change does (billing › useBillingRefresh): the project list is fetched again.
    await act(() => client.invalidateQueries({ queryKey: projectsKey }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
