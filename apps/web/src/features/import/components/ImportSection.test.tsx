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
  github: vi.fn(),
  githubRepos: vi.fn(),
}));
vi.mock('../api/import-api', () => ({ importApi: api }));
vi.mock('../../../lib/realtime-client', () => ({ connectRealtime: () => () => {} }));

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

const renderSection = (canInvite = false, canUseGithub = false) =>
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ImportSection projectIdx={4} canInvite={canInvite} canUseGithub={canUseGithub} />
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

describe('Settings › Import from GitHub Issues', () => {
  const connection = (over: object = {}) => ({
    connection: { projectIdx: 4, account: 'octo', status: 'ACTIVE', repo: 'acme/shop', ...over },
    oauthAvailable: false,
  });

  it('offers the connected repository first, reads no file and previews the chosen repository', async () => {
    await act(() => loadUiAreas(['import']));
    api.github.mockResolvedValue(connection());
    api.githubRepos.mockResolvedValue({
      repos: [{ fullName: 'acme/docs' }, { fullName: 'acme/shop' }],
      page: 1,
      hasMore: false,
    });
    api.preview.mockResolvedValue(
      preview({
        source: 'github',
        statusMap: { open: 'pending', closed: 'completed', 'not planned': 'rejected' },
        problems: [{ row: 6, code: 'titleTruncated', skipped: false, value: 'Long' }],
      }),
    );
    renderSection(false, true);
    fireEvent.change(screen.getByTestId('import-source'), { target: { value: 'github' } });
    expect(screen.queryByTestId('import-file')).toBeNull();
    const select = await screen.findByTestId('import-repo');
    await waitFor(() => expect(select.querySelectorAll('option')).toHaveLength(2));
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'acme/shop (connected to this project)',
      'acme/docs',
    ]);
    fireEvent.change(select, { target: { value: 'acme/docs' } });
    fireEvent.click(screen.getByTestId('import-github-preview'));
    await screen.findByTestId('import-preview');
    expect(api.preview).toHaveBeenCalledWith(4, {
      source: 'github',
      fileName: '',
      text: '',
      repo: 'acme/docs',
    });
    expect(screen.getByText('On GitHub')).toBeTruthy();
    expect(screen.getByLabelText('not planned')).toHaveProperty('value', 'rejected');
    expect(screen.getByTestId('import-problems').textContent).toContain('Issue #6');
    fireEvent.click(screen.getByTestId('import-start'));
    await waitFor(() => expect(api.start).toHaveBeenCalled());
    expect(api.start.mock.calls[0]![1]).toMatchObject({ source: 'github', repo: 'acme/docs' });
  });

  it('the repository offered first is the one imported when the admin does not change it', async () => {
    await act(() => loadUiAreas(['import']));
    api.github.mockResolvedValue(connection({ repo: null }));
    api.githubRepos.mockResolvedValue({ repos: [{ fullName: 'acme/tracker' }], page: 1, hasMore: false });
    api.preview.mockResolvedValue(preview({ source: 'github' }));
    api.start.mockResolvedValue({ importIdx: 9 });
    api.get.mockResolvedValue({ state: 'queued', progress: { done: 0, total: 3 } });
    renderSection(false, true);
    fireEvent.change(screen.getByTestId('import-source'), { target: { value: 'github' } });
    await waitFor(() => expect(screen.getByTestId('import-repo')).toHaveProperty('value', 'acme/tracker'));
    fireEvent.click(screen.getByTestId('import-github-preview'));
    fireEvent.click(await screen.findByTestId('import-start'));
    await waitFor(() => expect(api.start).toHaveBeenCalled());
    expect(api.start.mock.calls[0]![1]).toMatchObject({ source: 'github', repo: 'acme/tracker' });
  });

  it('without a connection: the translated error and the way to Settings › GitHub, nothing previewed', async () => {
    await act(() => setLanguage('kr'));
    await act(() => loadUiAreas(['import']));
    api.github.mockResolvedValue({ connection: null, oauthAvailable: false });
    renderSection(false, true);
    fireEvent.change(screen.getByTestId('import-source'), { target: { value: 'github' } });
    const missing = await screen.findByTestId('import-github-missing');
    expect(missing.querySelector('[role="alert"]')!.textContent).toBe(
      '이 프로젝트는 GitHub에 연결되어 있지 않습니다.',
    );
    expect(missing.querySelector('a')!.textContent).toBe('설정 › GitHub 열기');
    expect(missing.querySelector('a')!.getAttribute('href')).toBe('/setting?idx=4&tab=github');
    expect(api.githubRepos).not.toHaveBeenCalled();
    expect(api.preview).not.toHaveBeenCalled();
  });

  it('a member who is not an admin is told so, and GitHub is not asked', async () => {
    await act(() => loadUiAreas(['import']));
    renderSection(false, false);
    fireEvent.change(screen.getByTestId('import-source'), { target: { value: 'github' } });
    expect(screen.getByTestId('import-github-admin').textContent).toBe(
      'Only an admin of the project can import from GitHub.',
    );
    expect(api.github).not.toHaveBeenCalled();
  });
});
