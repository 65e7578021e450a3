import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Application, Recruitment } from '@teamline/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { Applicants } from './Applicants';

const applications = vi.hoisted(() => vi.fn());
const decide = vi.hoisted(() => vi.fn());
vi.mock('../api/recruitment-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  recruitmentApi: { applications, decide },
}));

afterEach(() => {
  cleanup();
  applications.mockReset();
  decide.mockReset();
});

const post = {
  recruitmentIdx: 7,
  projectIdx: 2,
  projectName: 'Shop',
  title: 'Backend developer',
  rateMin: 300_000,
  rateMax: 450_000,
  currency: 'KRW',
  startDt: '20270104',
  endDt: '20270630',
} as Recruitment;
const applicant: Application = {
  applicationIdx: 11,
  recruitmentIdx: 7,
  projectIdx: 2,
  memberIdx: 40,
  nickname: 'Tuan',
  colorCode: '#00D696',
  profileFileIdx: null,
  job: 'Backend developer',
  note: 'Five years of Fastify.',
  career: [{ startDt: '202001', endDt: null, company: 'Acme Labs', level: 'Senior', description: '' }],
  status: 'applied',
  decisionNote: null,
  memberInProjectIdx: null,
  contractIdx: null,
  createdAt: '2026-11-25T00:00:00.000Z',
  updatedAt: '2026-11-25T00:00:00.000Z',
};

function renderList() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Applicants post={post} />
    </QueryClientProvider>,
  );
}

describe('Applicants', () => {
  it('shows an empty state when nobody applied', async () => {
    applications.mockResolvedValue({ applications: [] });
    renderList();
    expect(await screen.findByText('Nobody has applied yet.')).toBeTruthy();
  });

  it('shows the note and careers, and hires with the contract prefilled from the post', async () => {
    applications.mockResolvedValue({ applications: [applicant] });
    decide.mockResolvedValue({ ...applicant, status: 'hired' });
    renderList();
    const card = await screen.findByRole('article', { name: 'Tuan' });
    expect(card.textContent).toContain('Five years of Fastify.');
    expect(card.textContent).toContain('Acme Labs');
    fireEvent.click(within(card).getByRole('button', { name: 'Hire' }));
    const dialog = screen.getByRole('dialog', { name: 'Hire Tuan' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Daily rate').value).toBe('300000');
    fireEvent.change(within(dialog).getByLabelText('Role in the project'), { target: { value: 'depth1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hire' }));
    await waitFor(() => expect(decide).toHaveBeenCalled());
    expect(decide).toHaveBeenCalledWith(11, {
      status: 'hired',
      role: 'depth1',
      contract: {
        dailyRate: 300_000,
        currency: 'KRW',
        startDt: '20270104',
        endDt: '20270630',
        scope: 'Backend developer',
        withholdingRateBp: 0,
      },
    });
  });

  it('shows a refused hire’s server error on the form, keeping it open', async () => {
    applications.mockResolvedValue({ applications: [applicant] });
    decide.mockRejectedValue(new ApiError('CONTRACT_PERIOD_OVERLAP', 409));
    renderList();
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Tuan' })).getByRole('button', { name: 'Hire' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Hire Tuan' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hire' }));
    expect(
      await within(dialog).findByText(
        'This period overlaps another contract of this member in this project.',
      ),
    ).toBeTruthy();
  });

  it('rejects with a note', async () => {
    applications.mockResolvedValue({ applications: [applicant] });
    decide.mockResolvedValue({ ...applicant, status: 'rejected' });
    renderList();
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Tuan' })).getByRole('button', { name: 'Reject' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Reject Tuan?' });
    fireEvent.change(within(dialog).getByLabelText('A note to the applicant (optional)'), {
      target: { value: ' Closer to Seoul. ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(decide).toHaveBeenCalledWith(11, { status: 'rejected', note: 'Closer to Seoul.' }),
    );
  });
});
