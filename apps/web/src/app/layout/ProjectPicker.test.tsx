import type { ProjectOfMember } from '@teamline/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { metaByName } from '../route-meta';
import { useAuthStore } from '../../stores/auth-store';
import { useRoleStore } from '../../stores/role-store';
import { ProjectPicker } from './ProjectPicker';

const project = (projectIdx: number, name: string, status: 'ACTIVE' | 'INACTIVE'): ProjectOfMember =>
  ({
    projectIdx,
    name,
    status,
    totalMember: 6,
    sheets: 0,
    isClient: false,
    isAdmin: true,
    isWarningSubscription: status === 'INACTIVE',
  }) as ProjectOfMember;
const list = [project(1, 'Alpha', 'ACTIVE'), project(2, 'Beta', 'INACTIVE')];
vi.mock('../../lib/project-api', () => ({
  projectApi: { listOfMember: async () => list, roles: vi.fn(), create: vi.fn() },
}));

afterEach(cleanup);

describe('project picker (docs/product/i18n-and-modes.md#header header)', () => {
  it('an INACTIVE project is disabled with the warning icon and leads to settings for its index', async () => {
    useAuthStore.setState({ isLogin: true, key: 'k', expires: '' });
    useRoleStore.setState({ isClient: false });
    const router = createMemoryRouter(
      [
        { path: '/timeline/:id', handle: metaByName('Timeline'), element: <ProjectPicker /> },
        { path: '/setting', handle: metaByName('setting'), element: <p>settings</p> },
      ],
      { initialEntries: ['/timeline/1'] },
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByTestId('header-project-picker'));
    const inactive = await screen.findByRole('menuitem', { name: /Beta/ });
    expect(inactive.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('img', { name: 'Inactive: open settings to fix the subscription' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Alpha' }).getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(inactive);
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/setting?idx=1&tab=subscription',
    );
  });
});
