import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18next } from '../../../lib/i18n';
import { AvatarWithPopup, ProfileViewPopup } from './ProfileViewPopup';

afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('en'));
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
};

describe('ProfileViewPopup (spec §2)', () => {
  it('labels a null free-lancer flag as freelancer and anything else as full-time', () => {
    const { rerender } = render(<ProfileViewPopup profile={base} isAdmin={false} onClose={() => {}} />);
    expect(screen.getByText('Freelancer')).toBeTruthy();
    rerender(<ProfileViewPopup profile={{ ...base, isFree: false }} isAdmin={false} onClose={() => {}} />);
    expect(screen.getByText('Full-time')).toBeTruthy();
  });

  it('shows contact fields only to admins, with birth, gender and rate in the reader formats', () => {
    const { rerender } = render(<ProfileViewPopup profile={base} isAdmin={false} onClose={() => {}} />);
    expect(screen.queryByText('a@b.co')).toBeNull();
    rerender(<ProfileViewPopup profile={base} isAdmin onClose={() => {}} />);
    expect(screen.getByText('a@b.co')).toBeTruthy();
    expect(screen.getByText('Jan 2, 1990')).toBeTruthy();
    expect(screen.getByText('Male')).toBeTruthy();
    expect(screen.getByText('₩450,000 per 8 hours')).toBeTruthy();
  });

  it('in Korean: birth as YYYY.MM.DD and the rate in 만원 (spec §2)', async () => {
    await act(() => i18next.changeLanguage('kr'));
    render(<ProfileViewPopup profile={base} isAdmin onClose={() => {}} />);
    expect(screen.getByText('1990.01.02')).toBeTruthy();
    expect(screen.getByText('8시간 기준 45만원')).toBeTruthy();
    expect(screen.getByText('2019.01 ~ 2021.12')).toBeTruthy();
  });

  it('lists careers as "start ~ end" and keeps line breaks of the description', () => {
    render(<ProfileViewPopup profile={base} isAdmin={false} onClose={() => {}} />);
    expect(screen.getByText('Jan 2019 ~ Dec 2021')).toBeTruthy();
    const description = screen.getByText((_, node) => node?.textContent === 'one\ntwo');
    expect(description.className).toContain('career-list__description');
  });

  it('toggles from the avatar', () => {
    render(<AvatarWithPopup profile={base} isAdmin={false} />);
    const avatar = screen.getByRole('button', { name: 'View profile of Neo' });
    fireEvent.click(avatar);
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.click(avatar);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
