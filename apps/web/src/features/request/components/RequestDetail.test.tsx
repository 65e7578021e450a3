import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MemberRequest } from '@teamline/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { RequestDetail } from './RequestDetail';

const api = vi.hoisted(() => ({
  get: vi.fn(),
  update: vi.fn(),
  remove: vi.fn(),
  comment: vi.fn(),
  download: vi.fn(),
}));
const saveBlob = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/save-blob', () => ({ saveBlob }));
vi.mock('../api/request-api', async (importOriginal) => {
  const original = await importOriginal<object>();
  return { ...original, requestApi: api };
});

afterEach(() => {
  cleanup();
  for (const fn of Object.values(api)) fn.mockReset();
  saveBlob.mockReset();
});

const request = (over: Partial<MemberRequest>): MemberRequest => ({
  requestIdx: 4,
  projectIdx: 1,
  kind: 'general',
  title: 'Review the login page',
  description: 'Before Friday',
  dueDt: '20260320',
  storyIdx: null,
  senderIdx: 7,
  receiverIdx: 8,
  status: 'awaiting',
  readAt: '2026-03-02T00:00:00.000Z',
  takenAt: null,
  completedAt: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
  files: [],
  comments: [
    {
      commentIdx: 1,
      requestIdx: 4,
      memberInProjectIdx: 7,
      nickname: 'Mina',
      content: 'Thanks!',
      createdAt: '2026-03-01T01:00:00.000Z',
    },
  ],
  ...over,
});

const renderDetail = () =>
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>
        <RequestDetail
          projectIdx={1}
          requestIdx={4}
          nameOf={(i) => (i === 7 ? 'Mina' : 'Tuan')}
          storyTitleOf={(i) => (i === 12 ? 'Login page' : undefined)}
          onClose={() => {}}
        />
      </QueryClientProvider>
    </MemoryRouter>,
  );

describe('RequestDetail shows the moves the server’s can allows', () => {
  it('the receiver of an awaiting request can take it, not withdraw it', async () => {
    api.get.mockResolvedValue(
      request({ can: { edit: false, delete: false, take: true, complete: false, comment: true } }),
    );
    api.update.mockResolvedValue(request({ status: 'inProgress' }));
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Review the login page' })).toBeTruthy();
    expect(screen.getByText('Thanks!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Complete' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Take it' }));
    await waitFor(() => expect(api.update).toHaveBeenCalledWith(4, { status: 'inProgress' }));
  });

  it('someone who may only read sees no buttons and no comment box', async () => {
    api.get.mockResolvedValue(
      request({ can: { edit: false, delete: false, take: false, complete: false, comment: false } }),
    );
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Review the login page' })).toBeTruthy();
    for (const name of ['Take it', 'Complete', 'Withdraw', 'Comment'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('posts a comment', async () => {
    api.get.mockResolvedValue(
      request({ can: { edit: true, delete: true, take: false, complete: false, comment: true } }),
    );
    api.comment.mockResolvedValue({});
    renderDetail();
    fireEvent.change(await screen.findByLabelText('Add a comment'), { target: { value: ' On it ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(api.comment).toHaveBeenCalledWith(4, 'On it'));
  });
});

describe('RequestDetail › attachments', () => {
  it('lists the files with name and size and downloads one with the API client', async () => {
    const files = [
      { fileIdx: 51, originalName: 'brief.pdf', mime: 'application/pdf', size: 2_621_440 },
      { fileIdx: 52, originalName: 'notes.txt', mime: 'text/plain', size: 300 },
    ];
    api.get.mockResolvedValue(request({ files }));
    const blob = new Blob(['%PDF']);
    api.download.mockResolvedValue(blob);
    renderDetail();
    const section = await screen.findByRole('region', { name: 'Attachments' });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['brief.pdf2.5 MB', 'notes.txt300 B']);
    fireEvent.click(within(section).getByRole('button', { name: 'Download brief.pdf' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(blob, 'brief.pdf'));
    expect(api.download).toHaveBeenCalledWith(51);
  });

  it('shows no attachments block for a request without files', async () => {
    api.get.mockResolvedValue(request({}));
    renderDetail();
    await screen.findByRole('heading', { name: 'Review the login page' });
    expect(screen.queryByRole('region', { name: 'Attachments' })).toBeNull();
  });
});

describe('RequestDetail › what it was made for', () => {
  it('links the story the request was made for to its place on the timeline', async () => {
    api.get.mockResolvedValue(request({ storyIdx: 12 }));
    renderDetail();
    const link = await screen.findByRole('link', { name: 'Story: Login page' });
    expect(link.getAttribute('href')).toBe('/timeline/1?selectedStory=12');
  });

  it('shows no story line without a story, and a contract offer’s start instead of a due date', async () => {
    api.get.mockResolvedValue(request({ kind: 'contract', dueDt: '20260101' }));
    renderDetail();
    await screen.findByRole('heading', { name: 'Review the login page' });
    expect(screen.queryByRole('link', { name: /Story/ })).toBeNull();
    expect(screen.getByText(/Starts Jan 1, 2026/)).toBeTruthy();
    expect(screen.queryByText(/Due /)).toBeNull();
  });
});
