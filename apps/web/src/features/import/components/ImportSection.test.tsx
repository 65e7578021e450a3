import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ImportPreview } from '@teamline/contract';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { loadUiAreas, setLanguage } from '../../../lib/i18n';
import { ImportSection } from './ImportSection';

const api = vi.hoisted(() => ({
  preview: vi.fn(),
  start: vi.fn(),
  get: vi.fn(),
  undo: vi.fn(),
  invite: vi.fn(),
}));
vi.mock('../api/import-api', () => ({ importApi: api }));

afterEach(async () => {
  cleanup();
  vi.clearAllMocks();
  await act(() => setLanguage('en'));
});

const preview = (over: Partial<ImportPreview> = {}): ImportPreview => ({
  source: 'jira',
  columns: [],
  mapping: {},
  counts: { stories: 58, epics: 1, milestones: 3, comments: 3, alreadyImported: 0 },
  statusMap: { 'In Progress': 'inProgress', Done: 'completed' },
  people: {
    matched: [{ name: 'dev@example.com', memberInProjectIdx: 3, nickname: 'Dev' }],
    unmatched: ['nobody@elsewhere.example'],
  },
  problems: [
    { row: 5, code: 'titleMissing', skipped: true, value: '' },
    { row: 6, code: 'dateUnreadable', skipped: false, value: 'next friday' },
  ],
  moreProblems: 0,
  ...over,
});

const renderSection = (canInvite = false) =>
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ImportSection projectIdx={4} canInvite={canInvite} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
const upload = (text: string, name = 'jira.csv') =>
  fireEvent.change(screen.getByTestId('import-file'), {
    target: { files: [new File([text], name, { type: 'text/csv' })] },
  });

describe('Settings › Import preview', () => {
  it('shows the counts, the status map, people and problems before anything is written', async () => {
    await act(() => loadUiAreas(['import']));
    api.preview.mockResolvedValueOnce(preview());
    renderSection();
    upload('Summary,Issue key\n결제,SHOP-1\n');
    await screen.findByTestId('import-preview');
    expect(api.preview).toHaveBeenCalledWith(4, {
      source: 'jira',
      fileName: 'jira.csv',
      text: 'Summary,Issue key\n결제,SHOP-1\n',
    });
    expect(screen.getByTestId('import-count-stories').textContent).toContain('58');
    expect(screen.getByTestId('import-count-milestones').textContent).toContain('3');
    expect(screen.getByLabelText('In Progress')).toHaveProperty('value', 'inProgress');
    expect(screen.getByTestId('import-unmatched').textContent).toContain('nobody@elsewhere.example');
    const problems = screen.getByTestId('import-problems').textContent;
    expect(problems).toContain('Row 5');
    expect(problems).toContain('No title: the row is skipped.');
    expect(problems).toContain('The date “next friday” cannot be read');
    expect(screen.getByTestId('import-start').textContent).toBe('Import 58 stories');
    expect(api.start).not.toHaveBeenCalled();
  });

  it('speaks Korean and Vietnamese', async () => {
    api.preview.mockResolvedValue(preview());
    await act(() => setLanguage('kr'));
    await act(() => loadUiAreas(['import']));
    renderSection();
    upload('x');
    expect((await screen.findByTestId('import-problems')).textContent).toContain(
      '제목이 없어 이 행은 건너뜁니다.',
    );
    cleanup();
    await act(() => setLanguage('vi'));
    await act(() => loadUiAreas(['import']));
    renderSection();
    upload('x');
    expect((await screen.findByTestId('import-problems')).textContent).toContain('Dòng 5');
  });

  it('a malformed file shows a clear error and offers no import', async () => {
    await act(() => loadUiAreas(['import']));
    api.preview.mockRejectedValueOnce(new ApiError('IMPORT_FILE_MALFORMED', 422));
    renderSection();
    upload('"broken');
    expect((await screen.findByTestId('import-error')).textContent).toBe(
      'The file could not be read: it is not a valid export of this kind.',
    );
    expect(screen.queryByTestId('import-start')).toBeNull();
  });

  it('a CSV shows the mapping step; changing a column previews again', async () => {
    await act(() => loadUiAreas(['import']));
    api.preview.mockResolvedValue(
      preview({ source: 'csv', columns: ['Name', 'Notes'], mapping: { Name: 'title' } }),
    );
    renderSection();
    fireEvent.change(screen.getByTestId('import-source'), { target: { value: 'csv' } });
    upload('Name,Notes\nA,b\n', 'plan.csv');
    await screen.findByTestId('import-mapping');
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'description' } });
    await waitFor(() => expect(api.preview).toHaveBeenCalledTimes(2));
    expect(api.preview.mock.calls[1]![1]).toMatchObject({
      source: 'csv',
      mapping: { Name: 'title', Notes: 'description' },
    });
  });

  it('an admin may invite an unmatched person by e-mail; others are not offered it', async () => {
    await act(() => loadUiAreas(['import']));
    api.preview.mockResolvedValue(preview());
    api.invite.mockResolvedValueOnce({});
    renderSection(true);
    upload('x');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Invite nobody@elsewhere.example to the project' }),
    );
    await screen.findByText('Invitation sent');
    expect(api.invite).toHaveBeenCalledWith(4, 'nobody@elsewhere.example');
    cleanup();
    renderSection(false);
    upload('x');
    await screen.findByTestId('import-unmatched');
    expect(screen.queryByTestId('import-invites')).toBeNull();
  });
});
