import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { useAuthStore } from '../../stores/auth-store';
import { useRoleStore } from '../../stores/role-store';
import { LeftMenu } from './LeftMenu';

vi.mock('../../lib/project-api', () => ({
  projectApi: {
    listOfMember: async () => [
      { projectIdx: 4, name: 'Pro', isClient: false, status: 'ACTIVE' },
      { projectIdx: 9, name: 'Cli', isClient: true, status: 'ACTIVE' },
    ],
    roles: vi.fn(),
    create: vi.fn(),
  },
}));

afterEach(cleanup);

function renderMenu() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/timeline/4']}>
        <LeftMenu />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('LeftMenu (docs/product/i18n-and-modes.md#left-menu)', () => {
  it('lists home, dashboard, epic, timeline, settlement, doclist, earnings, setting in order, settlement by mode', async () => {
    useAuthStore.setState({ isLogin: true });
    useRoleStore.setState({ isClient: false });
    renderMenu();
    const nav = screen.getByTestId('left-menu');
    await screen.findByRole('link', { name: 'Timeline' }).then(() => undefined);
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('aria-label'))).toEqual([
      'Home',
      'Dashboard',
      'Epics',
      'Timeline',
      'Settlement (professional)',
      'Documents',
      'Earnings',
      'Settings',
    ]);
    await vi.waitFor(() => expect(links[3]?.getAttribute('href')).toBe('/timeline/4'));
    expect(links[6]?.getAttribute('href')).toBe('/earnings');
    expect(links[4]?.getAttribute('href')).toBe('/calculate/expert/4');
    expect(links[3]?.className).toContain('is-active');
  });

  it('uses the client settlement in client mode', async () => {
    useAuthStore.setState({ isLogin: true });
    useRoleStore.setState({ isClient: true });
    renderMenu();
    const link = await screen.findByRole('link', { name: 'Settlement (client)' });
    await vi.waitFor(() => expect(link.getAttribute('href')).toBe('/calculate/client/9'));
    // Earnings are the professional's: not in the client mode's menu.
    expect(screen.queryByRole('link', { name: 'Earnings' })).toBeNull();
  });
});
