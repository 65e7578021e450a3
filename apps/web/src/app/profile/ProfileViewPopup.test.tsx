import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import { AvatarWithPopup, MemberAvatar, ProfileViewPopup } from './ProfileViewPopup';

// The reviews part has its own tests (features/review); here it is a stub without the network.
vi.mock('../../features/review/components/ReviewSection', () => ({
  default: ({ nickname }: { nickname: string }) => (
    <section aria-label="Reviews">reviews of {nickname}</section>
  ),
}));

const profileOf = vi.fn();
vi.mock('../../lib/member-profile-api', () => ({
  memberProfileApi: { profileOf: (id: string) => profileOf(id) },
}));

afterEach(async () => {
  cleanup();
  await act(() => setLanguage('en'));
});

const base = {
  memberIdx: 5,
  email: 'a@b.co',
  name: 'Kim',
  nickname: 'Neo',
  birth: '19900102',
  phone: '0101234',
  gender: 'M' as const,
  colorCode: '#3DB9F5',
  job: 'Designer',
  isFree: null,
  company: null,
  hopePrice: 450,
  career: [
    {
      startDt: '201901',
      endDt: '202112',
      company: 'ACME',
      level: 'Lead',
      salary: 60000,
      description: 'one\ntwo',
    },
  ],
  profileFileIdx: null,
  contactVisible: false,
};
const asAdmin = { ...base, contactVisible: true };

describe('ProfileViewPopup (docs/product/projects-and-membership.md#profile-visibility)', () => {
  it('labels a null free-lancer flag as freelancer and anything else as full-time', () => {
    const { rerender } = render(<ProfileViewPopup profile={base} onClose={() => {}} />);
    expect(screen.getByText('Freelancer')).toBeTruthy();
    rerender(<ProfileViewPopup profile={{ ...base, isFree: false }} onClose={() => {}} />);
    expect(screen.getByText('Full-time')).toBeTruthy();
  });

  it('shows contact fields only to admins, with birth, gender and rate in the reader formats', () => {
    const { rerender } = render(<ProfileViewPopup profile={base} onClose={() => {}} />);
    expect(screen.queryByText('a@b.co')).toBeNull();
    rerender(<ProfileViewPopup profile={asAdmin} onClose={() => {}} />);
    expect(screen.getByText('a@b.co')).toBeTruthy();
    expect(screen.getByText('Jan 2, 1990')).toBeTruthy();
    expect(screen.getByText('Male')).toBeTruthy();
    expect(screen.getByText('₩450,000 per 8 hours')).toBeTruthy();
  });

  it('in Korean: birth as YYYY.MM.DD and the rate in 만원 (docs/product/projects-and-membership.md#profile-visibility)', async () => {
    await act(() => setLanguage('kr'));
    render(<ProfileViewPopup profile={asAdmin} onClose={() => {}} />);
    expect(screen.getByText('1990.01.02')).toBeTruthy();
    expect(screen.getByText('8시간 기준 45만원')).toBeTruthy();
    expect(screen.getByText('2019.01 ~ 2021.12')).toBeTruthy();
  });

  it('lists careers as "start ~ end" and keeps line breaks of the description', () => {
    render(<ProfileViewPopup profile={base} onClose={() => {}} />);
    expect(screen.getByText('Jan 2019 ~ Dec 2021')).toBeTruthy();
    const description = screen.getByText((_, node) => node?.textContent === 'one\ntwo');
    expect(description.className).toContain('career-list__description');
  });

  it('toggles from the avatar', () => {
    render(<AvatarWithPopup profile={base} />);
    const avatar = screen.getByRole('button', { name: 'View profile of Neo' });
    fireEvent.click(avatar);
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.click(avatar);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens on any member avatar with what the server sent: no contact block for a non-admin', async () => {
    profileOf.mockResolvedValueOnce({
      ...base,
      memberId: null,
      email: null,
      name: null,
      phone: null,
      birth: null,
      gender: null,
      hopePrice: null,
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemberAvatar memberIdx={5} nickname="Neo" profileFileIdx={null} colorCode="#3DB9F5" />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'View profile of Neo' }));
    expect(await screen.findByText('Designer')).toBeTruthy();
    expect(profileOf).toHaveBeenCalledWith('5');
    expect(screen.queryByText('Email')).toBeNull();
    expect(screen.queryByText('Phone')).toBeNull();
  });

  it('shows the admin-only block when the server sent it (an admin of a shared project)', async () => {
    profileOf.mockResolvedValueOnce({ ...asAdmin, memberId: 'a@b.co' });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemberAvatar memberIdx={6} nickname="Neo" profileFileIdx={null} colorCode="#3DB9F5" />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'View profile of Neo' }));
    expect(await screen.findByText('a@b.co')).toBeTruthy();
    expect(screen.getByText('0101234')).toBeTruthy();
  });
});
