import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AccessToken } from '@teamline/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertDialog } from '../../../components/ui/AlertDialog';
import { ApiError } from '../../../lib/api-client';
import { AccessTokensSection } from './AccessTokensSection';

const api = vi.hoisted(() => ({ list: vi.fn(), create: vi.fn(), revoke: vi.fn() }));
vi.mock('../api/access-token-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  accessTokenApi: api,
}));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const token = (over: Partial<AccessToken>): AccessToken => ({
  tokenIdx: 1,
  name: 'CI export',
  hint: 'tl_pat_AbCd',
  scopes: ['planning:read', 'time:write'],
  createdAt: '2026-11-01T00:00:00.000Z',
  expiresAt: '2099-01-01T00:00:00.000Z',
  lastUsedAt: '2026-11-24T09:30:00.000Z',
  lastUsedIp: '203.0.113.7',
  ...over,
});

const renderSection = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AccessTokensSection />
      <AlertDialog />
    </QueryClientProvider>,
  );

describe('Profile › Access tokens', () => {
  it('shows a loading line, then each token with its scopes, expiry and last use (never the secret)', async () => {
    let answer: (tokens: AccessToken[]) => void = () => undefined;
    api.list.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderSection();
    expect(screen.getByRole('status').textContent).toBe('Loading your access tokens…');
    answer([
      token({}),
      token({
        tokenIdx: 2,
        name: 'Old',
        lastUsedAt: null,
        lastUsedIp: null,
        expiresAt: '2020-01-01T00:00:00.000Z',
      }),
    ]);
    const rows = await screen.findAllByTestId('access-token-row');
    expect(rows[0]!.textContent).toContain('CI export');
    expect(rows[0]!.textContent).toContain('tl_pat_AbCd…');
    expect(rows[0]!.textContent).toContain('Planning Read · Time Write');
    expect(rows[0]!.textContent).toContain('from 203.0.113.7');
    expect(rows[1]!.textContent).toContain('Never used');
    expect(rows[1]!.textContent).toContain('Expired');
  });

  it('says so when there is no token, and shows an error with a retry', async () => {
    api.list.mockRejectedValueOnce(new ApiError('API_REQUEST_FAILED', 502)).mockResolvedValueOnce([]);
    renderSection();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Your access tokens could not be loaded.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('access-tokens-empty')).textContent).toBe('You have no access tokens.');
  });

  it('creates a token with the checked scopes and shows its secret once', async () => {
    api.list.mockResolvedValue([]);
    api.create.mockResolvedValue({ token: token({}), secret: 'tl_pat_secret-value' });
    renderSection();
    await screen.findByTestId('access-tokens-empty');
    fireEvent.click(screen.getByTestId('access-token-create'));
    const dialog = await screen.findByRole('dialog');
    // Nothing chosen: the form says what is missing and sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText('Choose at least one scope.')).toBeTruthy();
    expect(api.create).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'CI export' } });
    fireEvent.click(within(dialog).getByLabelText('Planning Read'));
    fireEvent.click(within(dialog).getByLabelText('Time Write'));
    // Write checks (and locks) read.
    expect(within(dialog).getByLabelText<HTMLInputElement>('Time Read').checked).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Expires'), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    await waitFor(() =>
      expect(api.create).toHaveBeenCalledWith({
        name: 'CI export',
        scopes: ['planning:read', 'time:write'],
        days: 30,
      }),
    );
    expect((await screen.findByTestId('token-secret')).textContent).toBe('tl_pat_secret-value');
    // Shown once, nothing to cancel: the one way out is Done (or the close button).
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('token-secret')).toBeNull());
  });

  it('revokes a token only after the confirmation', async () => {
    api.list.mockResolvedValue([token({})]);
    api.revoke.mockResolvedValue({});
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke CI export' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Revoke the token "CI export"?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.revoke).toHaveBeenCalledWith(1));
  });
});
