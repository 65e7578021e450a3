import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { GithubConnection, GithubSyncLogEntry } from '@teamline/contract';
import { errors as enErrors, validation as enValidation } from '@teamline/contract/i18n/en/errors';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { setLanguage } from '../../../lib/i18n';
import { useToastStore } from '../../../stores/toast-store';
import { GithubSection } from './GithubSection';

const api = vi.hoisted(() => ({
  status: vi.fn(),
  connectToken: vi.fn(),
  startOauth: vi.fn(),
  repos: vi.fn(),
  branches: vi.fn(),
  save: vi.fn(),
  disconnect: vi.fn(),
  syncLog: vi.fn(),
  sync: vi.fn(),
  storyLinks: vi.fn(),
}));
vi.mock('../api/github-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  githubApi: api,
}));

beforeEach(() => {
  useToastStore.getState().reset();
  api.syncLog.mockResolvedValue({ entries: [] });
});
afterEach(async () => {
  cleanup();
  vi.clearAllMocks();
  await act(() => setLanguage('en'));
});

const connection = (over: Partial<GithubConnection> = {}): GithubConnection => ({
  projectIdx: 4,
  authKind: 'token',
  account: 'octocat',
  status: 'ACTIVE',
  repo: null,
  branch: null,
  projectKey: null,
  repoUrl: null,
  webhookUrl: 'https://teamline.example/api/github/webhook?projectIdx=4',
  webhookSecret: 's3cret',
  lastWebhookAt: null,
  lastSyncAt: null,
  backfill: null,
  connectedAt: '2026-11-26T00:00:00.000Z',
  connectedByIdx: 1,
  ...over,
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.search}</output>;
}

const renderSection = (path = '/setting?idx=4&tab=github') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <GithubSection projectIdx={4} />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );

const toasts = () => useToastStore.getState().toasts.map((t) => t.text);

describe('Settings › GitHub, not connected', () => {
  it('offers "Connect with GitHub" when the OAuth app is configured, and goes to GitHub', async () => {
    api.status.mockResolvedValue({ connection: null, oauthAvailable: true });
    api.startOauth.mockResolvedValueOnce({ url: 'https://github.com/login/oauth/authorize?x=1' });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    renderSection();
    fireEvent.click(await screen.findByTestId('github-oauth'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://github.com/login/oauth/authorize?x=1'));
    expect(api.startOauth).toHaveBeenCalledWith(4);
    vi.restoreAllMocks();
  });

  it('without the OAuth app only the token form shows, and a refused token says why on its field', async () => {
    api.status.mockResolvedValue({ connection: null, oauthAvailable: false });
    api.connectToken.mockRejectedValueOnce(new ApiError('GITHUB_TOKEN_INVALID', 400));
    renderSection();
    const input = await screen.findByLabelText('Personal access token');
    expect(input.getAttribute('type')).toBe('password');
    expect(screen.queryByTestId('github-oauth')).toBeNull();
    expect(screen.getByText(/“repo” scope/)).toBeTruthy();
    fireEvent.change(input, { target: { value: 'ghp_wrong' } });
    fireEvent.click(screen.getByTestId('github-token-submit'));
    expect(await screen.findByText(enErrors.GITHUB_TOKEN_INVALID)).toBeTruthy();
    expect(api.connectToken).toHaveBeenCalledWith(4, 'ghp_wrong');
  });

  it('back from GitHub, a cancelled connection says so once and the parameter goes', async () => {
    api.status.mockResolvedValue({ connection: null, oauthAvailable: true });
    renderSection('/setting?idx=4&tab=github&github=cancelled');
    await waitFor(() => expect(toasts()).toEqual([enErrors.GITHUB_CONNECTION_CANCELLED]));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('?idx=4&tab=github'));
  });

  it('in Korean, a successful return says GitHub is connected', async () => {
    await act(() => setLanguage('kr'));
    api.status.mockResolvedValue({ connection: connection(), oauthAvailable: true });
    renderSection('/setting?idx=4&tab=github&github=connected');
    await waitFor(() => expect(toasts()).toEqual(['GitHub가 연결되었습니다.']));
  });
});

describe('Settings › GitHub, connected', () => {
  it('picks a repository, preselects its default branch, and saves the key in capitals', async () => {
    api.status.mockResolvedValue({ connection: connection(), oauthAvailable: false });
    api.repos.mockResolvedValue({
      repos: [
        { fullName: 'acme/shop', private: true, defaultBranch: 'main', description: null, url: 'u' },
        { fullName: 'acme/site', private: false, defaultBranch: 'trunk', description: null, url: 'u' },
      ],
      page: 1,
      hasMore: false,
    });
    api.branches.mockResolvedValue({ branches: ['develop', 'main'] });
    api.save.mockResolvedValueOnce(connection({ repo: 'acme/shop', branch: 'main', projectKey: 'SHOP' }));
    renderSection();
    expect((await screen.findByTestId('github-account')).textContent).toBe('octocat');
    expect(screen.getByTestId<HTMLInputElement>('github-webhook-secret').value).toBe('s3cret');
    fireEvent.click(await screen.findByRole('radio', { name: /acme\/shop/ }));
    await waitFor(() => expect(api.branches).toHaveBeenCalledWith(4, 'acme/shop'));
    await waitFor(() => expect(screen.getByTestId<HTMLSelectElement>('github-branch').value).toBe('main'));
    fireEvent.change(screen.getByTestId('github-key'), { target: { value: 'shop' } });
    fireEvent.click(screen.getByTestId('github-save'));
    await waitFor(() =>
      expect(api.save).toHaveBeenCalledWith({
        projectIdx: 4,
        repo: 'acme/shop',
        branch: 'main',
        projectKey: 'SHOP',
      }),
    );
  });

  it('a key the contract refuses shows its message and nothing is sent', async () => {
    api.status.mockResolvedValue({
      connection: connection({ repo: 'acme/shop', branch: 'main' }),
      oauthAvailable: false,
    });
    api.repos.mockResolvedValue({ repos: [], page: 1, hasMore: false });
    api.branches.mockResolvedValue({ branches: ['main'] });
    renderSection();
    fireEvent.change(await screen.findByTestId('github-key'), { target: { value: '1X' } });
    fireEvent.click(screen.getByTestId('github-save'));
    expect(await screen.findByText(enValidation.projectKey)).toBeTruthy();
    expect(api.save).not.toHaveBeenCalled();
  });

  it('a searched repository list pages on with "show more"', async () => {
    api.status.mockResolvedValue({ connection: connection(), oauthAvailable: false });
    api.repos.mockImplementation(async (_p: number, q: string, page: number) => ({
      repos: [
        {
          fullName: `acme/${q || 'all'}-${page}`,
          private: false,
          defaultBranch: 'main',
          description: null,
          url: 'u',
        },
      ],
      page,
      hasMore: page < 2,
    }));
    renderSection();
    expect(await screen.findByText('acme/all-1')).toBeTruthy();
    fireEvent.change(screen.getByTestId('github-repo-search'), { target: { value: 'shop' } });
    expect(await screen.findByText('acme/shop-1')).toBeTruthy();
    fireEvent.click(screen.getByTestId('github-repo-more'));
    expect(await screen.findByText('acme/shop-2')).toBeTruthy();
    expect(api.repos).toHaveBeenLastCalledWith(4, 'shop', 2);
  });

  it('a revoked connection says "connection removed, reconnect" and offers to reconnect', async () => {
    api.status.mockResolvedValue({ connection: connection({ status: 'REVOKED' }), oauthAvailable: true });
    renderSection();
    expect((await screen.findByTestId('github-revoked')).textContent).toContain('Reconnect GitHub');
    expect(screen.getByTestId('github-oauth')).toBeTruthy();
    expect(screen.getByTestId('github-token')).toBeTruthy();
    expect(screen.queryByTestId('github-settings')).toBeNull();
  });

  it('shows the backfill progress while it runs', async () => {
    api.status.mockResolvedValue({
      connection: connection({
        repo: 'acme/shop',
        branch: 'main',
        backfill: { state: 'running', done: 3, total: 10 },
      }),
      oauthAvailable: false,
    });
    api.repos.mockResolvedValue({ repos: [], page: 1, hasMore: false });
    api.branches.mockResolvedValue({ branches: ['main'] });
    renderSection();
    const bar = await screen.findByRole('progressbar');
    expect(bar.getAttribute('value')).toBe('3');
    expect(screen.getByText('3 of 10')).toBeTruthy();
  });

  it('the sync log translates a failure and retries that entry; "sync now" syncs', async () => {
    api.status.mockResolvedValue({
      connection: connection({ repo: 'acme/shop', branch: 'main', projectKey: 'SHOP' }),
      oauthAvailable: false,
    });
    api.repos.mockResolvedValue({ repos: [], page: 1, hasMore: false });
    api.branches.mockResolvedValue({ branches: ['main'] });
    const failed: GithubSyncLogEntry = {
      syncLogIdx: 9,
      source: 'webhook',
      event: 'push',
      deliveryId: 'd-1',
      status: 'failed',
      linked: 0,
      completed: [],
      errorCode: 'GITHUB_SYNC_FAILED',
      summary: '',
      at: '2026-11-26T01:00:00.000Z',
    };
    api.syncLog.mockResolvedValue({
      entries: [
        failed,
        { ...failed, syncLogIdx: 8, status: 'ok', errorCode: null, linked: 2, completed: ['SHOP-12'] },
      ],
    });
    api.sync.mockResolvedValue({});
    renderSection();
    expect(await screen.findByText(enErrors.GITHUB_SYNC_FAILED)).toBeTruthy();
    expect(screen.getByText('SHOP-12')).toBeTruthy();
    expect(screen.getAllByTestId('github-retry')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('github-retry'));
    await waitFor(() => expect(api.sync).toHaveBeenCalledWith({ projectIdx: 4, syncLogIdx: 9 }));
    fireEvent.click(screen.getByTestId('github-sync-now'));
    await waitFor(() => expect(api.sync).toHaveBeenLastCalledWith({ projectIdx: 4 }));
  });

  it('a refused clipboard says the copy failed', async () => {
    api.status.mockResolvedValue({ connection: connection(), oauthAvailable: false });
    api.repos.mockResolvedValue({ repos: [], page: 1, hasMore: false });
    const writeText = vi.fn().mockRejectedValue(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderSection();
    fireEvent.click(await screen.findByTestId('github-webhook-secret-copy'));
    await waitFor(() =>
      expect(toasts()).toEqual(['Could not copy to the clipboard. Select the text and copy it by hand.']),
    );
    expect(writeText).toHaveBeenCalledWith('s3cret');
  });
});
