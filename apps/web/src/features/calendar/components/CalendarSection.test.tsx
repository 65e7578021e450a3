import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CalendarFeed } from '@teamline/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertDialog } from '../../../components/ui/AlertDialog';
import { ApiError } from '../../../lib/api-client';
import { CalendarSection } from './CalendarSection';

const api = vi.hoisted(() => ({ list: vi.fn(), create: vi.fn(), revoke: vi.fn() }));
vi.mock('../api/calendar-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  calendarApi: api,
}));
const clipboard = vi.hoisted(() => ({ copyToClipboard: vi.fn() }));
vi.mock('../../../lib/clipboard', () => clipboard);

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const feed = (over: Partial<CalendarFeed>): CalendarFeed => ({
  calendarIdx: 1,
  kind: 'member',
  projectIdx: null,
  projectName: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  lastFetchedAt: null,
  ...over,
});
const URL = 'https://teamline.example/api/calendar/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefg.ics';

const renderSection = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CalendarSection />
      <AlertDialog />
    </QueryClientProvider>,
  );

describe('Profile › Calendar', () => {
  it('shows a loading line, then an error with a retry, then the empty state', async () => {
    let fail: (error: unknown) => void = () => undefined;
    api.list.mockReturnValueOnce(new Promise((_, reject) => (fail = reject))).mockResolvedValueOnce([]);
    renderSection();
    expect(screen.getByRole('status').textContent).toBe('Loading your calendar feeds…');
    fail(new ApiError('API_REQUEST_FAILED', 502));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Your calendar feeds could not be loaded.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('calendar-empty')).textContent).toBe(
      'You have no calendar address yet.',
    );
    expect(screen.getByText(/No project calendars yet/)).toBeTruthy();
  });

  it('makes my address, shows it once and copies it', async () => {
    api.list.mockResolvedValue([]);
    api.create.mockResolvedValue({ feed: feed({}), url: URL });
    renderSection();
    fireEvent.click(await screen.findByTestId('calendar-make'));
    await waitFor(() => expect(api.create).toHaveBeenCalledWith({}));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Calendar address').value).toBe(URL);
    // Shown once: only "Done", no Cancel that suggests the address could be unmade.
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy address' }));
    expect(clipboard.copyToClipboard).toHaveBeenCalledWith(URL, {
      done: 'The address was copied.',
      failed: 'The address could not be copied. Select it and copy it by hand.',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('calendar-url')).toBeNull());
  });

  it('lists my feed and project feeds with their last read; a new address and a revoke ask first', async () => {
    api.list.mockResolvedValue([
      feed({ lastFetchedAt: '2026-11-24T09:30:00.000Z' }),
      feed({ calendarIdx: 2, kind: 'project', projectIdx: 7, projectName: 'Shop' }),
    ]);
    api.create.mockResolvedValue({ feed: feed({ calendarIdx: 3 }), url: URL });
    api.revoke.mockResolvedValue({});
    renderSection();
    const rows = await screen.findAllByTestId('calendar-row');
    expect(rows[0]!.textContent).toContain('My calendar');
    expect(rows[0]!.textContent).toContain('Last read by a calendar');
    expect(rows[1]!.textContent).toContain('Project calendar: Shop');
    expect(rows[1]!.textContent).toContain('Not read by a calendar yet');

    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'New address' }));
    const rotate = await screen.findByRole('alertdialog');
    expect(rotate.textContent).toContain('stop updating');
    fireEvent.click(within(rotate).getByRole('button', { name: 'New address' }));
    await waitFor(() => expect(api.create).toHaveBeenCalledWith({}));
    fireEvent.click((await screen.findAllByRole('button', { name: 'Done' }))[0]!);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke Project calendar: Shop' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Revoke the address of Project calendar: Shop?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.revoke).toHaveBeenCalledWith(2));
  });
});
