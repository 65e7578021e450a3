import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MemberInProject } from '@teamline/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { MemberChips } from './MemberChips';

vi.mock('../../../features/review/components/ReviewSection', () => ({ default: () => null }));
const profileOf = vi.fn();
vi.mock('../../../lib/member-profile-api', () => ({
  memberProfileApi: { profileOf: (id: string) => profileOf(id) },
}));
afterEach(cleanup);

const member = (memberIdx: number, nickname: string) =>
  ({ memberIdx, nickname, colorCode: '#3DB9F5', profileFileIdx: null }) as MemberInProject;
const members = new Map([1, 2, 3, 4].map((i) => [i, member(i, `Member${i}`)]));

function renderChips(idxs: number[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemberChips idxs={idxs} members={members} />
    </QueryClientProvider>,
  );
}

describe('assignee avatars of a timeline row', () => {
  it('draws three at 36 px and counts the rest', () => {
    renderChips([1, 2, 3, 4]);
    const buttons = screen.getAllByRole('button', { name: /^View profile of Member/ });
    expect(buttons).toHaveLength(3);
    expect((buttons[0]!.firstElementChild as HTMLElement).style.width).toBe('36px');
    expect(screen.getByText('+1')).toBeTruthy();
  });

  it('is a button that opens the profile popup', async () => {
    profileOf.mockResolvedValueOnce({
      memberIdx: 2,
      memberId: null,
      email: null,
      name: null,
      nickname: 'Member2',
      birth: null,
      phone: null,
      nationality: null,
      gender: null,
      photo: null,
      colorCode: '#3DB9F5',
      job: 'Tester',
      isFree: null,
      company: null,
      hopePrice: null,
      career: [],
      profileFileIdx: null,
      lang: 'en',
      contactVisible: false,
    });
    renderChips([2]);
    // A native button: Tab reaches it and Enter or Space presses it.
    const button = screen.getByRole('button', { name: 'View profile of Member2' });
    expect(button.tagName).toBe('BUTTON');
    button.focus();
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(await screen.findByText('Tester')).toBeTruthy();
    expect(profileOf).toHaveBeenCalledWith('2');
  });
});
