import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MemberInProject } from '@teamline/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { MembersSection } from './MembersSection';

const none = { role: false, lead: false, authority: false, remove: false, beLead: false };
const member = (idx: number, nickname: string, extra: Partial<MemberInProject>): MemberInProject => ({
  memberInProjectIdx: idx,
  memberIdx: idx * 10,
  projectIdx: 1,
  nickname,
  colorCode: '#123456',
  profileFileIdx: null,
  role: 'depth2',
  isAdmin: false,
  depth1Idx: null,
  can: none,
  ...extra,
});

const members = vi.hoisted(() => ({ list: [] as MemberInProject[] }));
vi.mock('../api/settings-api', () => ({
  settingsApi: { members: async () => members.list, updateMember: vi.fn(), removeMember: vi.fn() },
}));

afterEach(cleanup);

function renderSection(can: (a: string) => boolean) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <MembersSection projectIdx={1} self={1} can={can} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('MembersSection shows the controls the server allows (can), not by comparing roles', () => {
  it('role select, lead select with the server’s candidates, authority box and remove state from can', async () => {
    members.list = [
      // The last admin: the server says they cannot be removed.
      member(1, 'Ada', { role: 'admin', isAdmin: true, can: { ...none, role: true } }),
      member(2, 'Lee', {
        role: 'depth1',
        can: { ...none, role: true, authority: true, remove: true, beLead: true },
      }),
      member(3, 'Dev', { can: { ...none, role: true, lead: true, authority: true, remove: true } }),
      // A row the server refuses every change on, whatever its role.
      member(4, 'Cli', { role: 'client' }),
    ];
    renderSection(() => true);
    const row = async (idx: number) => screen.findByTestId(`member-row-${idx * 10}`);

    const ada = await row(1);
    expect(within(ada).getByTestId('member-role')).toBeTruthy();
    expect(within(ada).queryByRole('checkbox')).toBeNull();
    expect(within(ada).getByRole('button', { name: 'Leave project' })).toHaveProperty('disabled', true);

    const dev = await row(3);
    const lead = within(dev).getByLabelText('Team lead: Dev');
    expect(
      within(lead)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No lead', 'Lee']);
    expect(within(dev).getByRole('checkbox')).toBeTruthy();
    expect(within(dev).getByRole('button', { name: 'Remove' })).toHaveProperty('disabled', false);

    const lee = await row(2);
    expect(within(lee).queryByLabelText('Team lead: Lee')).toBeNull();

    const cli = await row(4);
    expect(within(cli).queryByTestId('member-role')).toBeNull();
    expect(within(cli).queryByRole('checkbox')).toBeNull();
    expect(within(cli).getByRole('button', { name: 'Remove' })).toHaveProperty('disabled', true);
  });
});
