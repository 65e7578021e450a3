import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MemberSession } from '@teamline/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertDialog } from '../../../components/ui/AlertDialog';
import { ApiError } from '../../../lib/api-client';
import { DevicesSection } from './DevicesSection';

const api = vi.hoisted(() => ({ list: vi.fn(), signOut: vi.fn(), signOutOthers: vi.fn() }));
vi.mock('../api/session-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  sessionApi: api,
}));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const session = (over: Partial<MemberSession>): MemberSession => ({
  sessionId: '00000000-0000-4000-8000-000000000001',
  browser: 'Chrome 126',
  os: 'Windows',
  ip: '203.0.113.7',
  signedInAt: '2026-11-24T00:00:00.000Z',
  lastUsedAt: '2026-11-24T09:30:00.000Z',
  current: false,
  ...over,
});
const here = session({ current: true });
const phone = session({
  sessionId: '00000000-0000-4000-8000-000000000002',
  browser: 'Safari 17',
  os: 'iOS',
  ip: null,
});

const renderSection = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DevicesSection />
      <AlertDialog />
    </QueryClientProvider>,
  );

describe('Profile › Signed-in devices', () => {
  it('shows a loading line, then this device first and marked, and no sign-out for it', async () => {
    let answer: (sessions: MemberSession[]) => void = () => undefined;
    api.list.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderSection();
    expect(screen.getByRole('status').textContent).toBe('Loading your devices…');
    answer([phone, here]);
    const rows = await screen.findAllByTestId('device-row');
    expect(rows[0]!.textContent).toContain('Chrome 126 on Windows');
    expect(rows[0]!.textContent).toContain('This device');
    expect(rows[0]!.textContent).toContain('Address 203.0.113.7');
    expect(rows[0]!.querySelector('button')).toBeNull();
    expect(rows[1]!.textContent).toContain('Safari 17 on iOS');
    expect(rows[1]!.textContent).toContain('Address unknown');
  });

  it('says so when no other device is signed in', async () => {
    api.list.mockResolvedValue([here]);
    renderSection();
    expect((await screen.findByTestId('devices-empty')).textContent).toBe('No other device is signed in.');
    expect(screen.queryByTestId('devices-sign-out-others')).toBeNull();
  });

  it('shows an error with a retry that loads again', async () => {
    api.list.mockRejectedValueOnce(new ApiError('API_REQUEST_FAILED', 502)).mockResolvedValueOnce([here]);
    renderSection();
    expect((await screen.findByRole('alert')).textContent).toContain('Your devices could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('device-row')).toBeTruthy();
  });

  it('signs out one device, and all others only after the confirmation', async () => {
    api.list.mockResolvedValue([here, phone]);
    api.signOut.mockResolvedValue({});
    api.signOutOthers.mockResolvedValue({ count: 1 });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out Safari 17 on iOS' }));
    await waitFor(() => expect(api.signOut).toHaveBeenCalledWith(phone.sessionId));

    fireEvent.click(screen.getByTestId('devices-sign-out-others'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Sign out every other device?');
    expect(api.signOutOthers).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole('button', { name: 'Sign out all other devices' }).at(-1)!);
    await waitFor(() => expect(api.signOutOthers).toHaveBeenCalledTimes(1));
  });
});
