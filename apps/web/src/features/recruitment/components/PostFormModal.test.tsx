import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ProjectOfMember, Recruitment } from '@teamline/contract';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { setLanguage } from '../../../lib/i18n';
import { PostFormModal } from './PostFormModal';

const create = vi.hoisted(() => vi.fn());
const update = vi.hoisted(() => vi.fn());
vi.mock('../api/recruitment-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  recruitmentApi: { create, update },
}));

afterEach(async () => {
  cleanup();
  create.mockReset();
  update.mockReset();
  await act(() => setLanguage('en'));
});

const project = (projectIdx: number, name: string) => ({ projectIdx, name }) as ProjectOfMember;
const post: Recruitment = {
  recruitmentIdx: 7,
  projectIdx: 2,
  projectName: 'Shop',
  title: 'Backend developer',
  description: '',
  skills: ['Go', 'SQL'],
  workType: 'freelancer',
  rateMin: 1250,
  rateMax: 2000,
  currency: 'USD',
  startDt: '20270104',
  endDt: null,
  status: 'open',
  postedByIdx: 1,
  postedByNickname: 'Mina',
  applicationCount: 0,
  createdAt: '2026-11-25T00:00:00.000Z',
  updatedAt: '2026-11-25T00:00:00.000Z',
  myApplication: null,
  can: { manage: true, apply: false },
};

function renderForm(editing?: Recruitment) {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PostFormModal
        projects={[project(1, 'Apollo'), project(2, 'Shop')]}
        post={editing}
        isOpen
        onClose={onClose}
      />
    </QueryClientProvider>,
  );
  return { onClose };
}
const fill = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('Post a job', () => {
  it('sends 12.50 USD as 1250 cents, skills split on commas and an empty end date as open-ended', async () => {
    create.mockResolvedValue({ ...post, recruitmentIdx: 9 });
    const { onClose } = renderForm();
    fill('Project', '1');
    fill('Title', 'Frontend developer');
    fill('Currency', 'USD');
    fill(/^Lowest daily rate/, '12.50');
    fill(/^Highest daily rate/, '20');
    fill('Start date', '2027-02-01');
    fill(/^Skills/, 'React, , TypeScript ');
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(create).toHaveBeenCalledWith({
      projectIdx: 1,
      title: 'Frontend developer',
      description: '',
      skills: ['React', 'TypeScript'],
      workType: 'freelancer',
      rateMin: 1250,
      rateMax: 2000,
      currency: 'USD',
      startDt: '20270201',
      endDt: null,
    });
  });

  it('shows the range rule on the highest rate and sends nothing', async () => {
    renderForm();
    fill('Project', '1');
    fill('Title', 'Frontend developer');
    fill(/^Lowest daily rate/, '300000');
    fill(/^Highest daily rate/, '200000');
    fill('Start date', '2027-02-01');
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('The highest rate cannot be below the lowest.')).toBeTruthy();
    expect(screen.getByLabelText(/^Highest daily rate/).getAttribute('aria-invalid')).toBe('true');
    expect(create).not.toHaveBeenCalled();
  });

  it('puts the server’s field error on its field', async () => {
    create.mockRejectedValue(new ApiError('VALIDATION_FAILED', 400, 'bad', { title: 'controlCharacters' }));
    const { onClose } = renderForm();
    fill('Project', '1');
    fill('Title', 'Frontend developer');
    fill(/^Lowest daily rate/, '1');
    fill(/^Highest daily rate/, '2');
    fill('Start date', '2027-02-01');
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Remove control characters (such as NUL) from this text.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('edits a post with its amounts shown in major units (Vietnamese decimal comma), without the project', async () => {
    await act(() => setLanguage('vi'));
    update.mockResolvedValue(post);
    const { onClose } = renderForm(post);
    expect(screen.getByLabelText<HTMLInputElement>(/^Đơn giá ngày thấp nhất/).value).toBe('12,50');
    expect(screen.queryByLabelText('Dự án')).toBeNull();
    fill(/^Đơn giá ngày cao nhất/, '25,00');
    fireEvent.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(update).toHaveBeenCalledWith(
      7,
      expect.objectContaining({ rateMin: 1250, rateMax: 2500, skills: ['Go', 'SQL'] }),
    );
    expect(update.mock.calls[0]?.[1]).not.toHaveProperty('projectIdx');
  });
});
