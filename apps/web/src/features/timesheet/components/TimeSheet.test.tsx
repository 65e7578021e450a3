import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Timekeeping } from '@teamline/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import '../../../lib/i18n';
import { TimeSheet } from './TimeSheet';

const api = vi.hoisted(() => ({
  entries: vi.fn(),
  stories: vi.fn(),
  create: vi.fn(),
  update: vi.fn(),
  remove: vi.fn(),
}));
vi.mock('../api/timesheet-api', async (importOriginal) => {
  const original = await importOriginal<object>();
  return { ...original, timesheetApi: api };
});

const roles = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/project-api', async (importOriginal) => {
  const original = await importOriginal<{ projectApi: object }>();
  return { ...original, projectApi: { ...original.projectApi, roles } };
});

const ME = 5;
let next = 100;
const entry = (over: Partial<Timekeeping>): Timekeeping => ({
  timekeepingIdx: next++,
  projectIdx: 1,
  storyIdx: 40,
  memberInProjectIdx: ME,
  workDt: '20260309',
  minutes: 60,
  note: null,
  createdAt: '2026-03-09T00:00:00.000Z',
  can: { edit: true, delete: true },
  ...over,
});

/** Entries by the Monday of the week asked for. */
let weeks: Record<string, Timekeeping[]>;

beforeEach(() => {
  // Thursday 12 March 2026, 03:00 UTC: the same day in UTC+14, so Fri–Sun of this week are future.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-12T03:00:00Z'));
  weeks = {};
  api.entries.mockImplementation(async (_p: number, _m: number, from: string) => weeks[from] ?? []);
  api.stories.mockResolvedValue([
    { storyIdx: 40, title: 'Login page' },
    { storyIdx: 41, title: 'Payments' },
    { storyIdx: 42, title: 'Reports' },
  ]);
  api.create.mockImplementation(async (body: Partial<Timekeeping>) => entry(body));
  api.update.mockImplementation(async (idx: number, body: Partial<Timekeeping>) =>
    entry({ timekeepingIdx: idx, ...body }),
  );
  api.remove.mockResolvedValue({ deletedCount: 1 });
  roles.mockResolvedValue({ memberInProjectIdx: ME, abilities: ['planning.view', 'time.log', 'time.edit'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  for (const fn of Object.values(api)) fn.mockReset();
  roles.mockReset();
});

function renderSheet() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TimeSheet projectIdx={1} memberInProjectIdx={ME} />
    </QueryClientProvider>,
  );
}
const cell = (story: string, date: string) => screen.getByLabelText<HTMLInputElement>(`${story}, ${date}`);
const type = (input: HTMLInputElement, value: string) => {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe('TimeSheet', () => {
  it('shows the week’s stories as rows with hours per day and totals per day, row and week', async () => {
    weeks['20260309'] = [
      entry({ storyIdx: 40, workDt: '20260309', minutes: 90 }),
      entry({ storyIdx: 40, workDt: '20260310', minutes: 30 }),
      entry({ storyIdx: 41, workDt: '20260309', minutes: 60 }),
    ];
    renderSheet();
    await waitFor(() => expect(cell('Login page', 'Mar 9, 2026').value).toBe('1:30'));
    expect(screen.getByText('Week of Mar 9, 2026 – Mar 15, 2026')).toBeTruthy();
    expect(cell('Login page', 'Mar 10, 2026').value).toBe('0:30');
    expect(cell('Payments', 'Mar 9, 2026').value).toBe('1:00');
    expect(cell('Payments', 'Mar 10, 2026').value).toBe('');
    expect(screen.getByTestId('row-total-40').textContent).toBe('2:00');
    expect(screen.getByTestId('row-total-41').textContent).toBe('1:00');
    expect(screen.getByTestId('day-total-20260309').textContent).toBe('2:30');
    expect(screen.getByTestId('day-total-20260310').textContent).toBe('0:30');
    expect(screen.getByTestId('week-total').textContent).toBe('3:00');
    // Friday is in the future everywhere on earth: disabled.
    expect(cell('Login page', 'Mar 13, 2026').disabled).toBe(true);
    expect(cell('Login page', 'Mar 12, 2026').disabled).toBe(false);
  });

  it('says when the week is empty and adds a row for a story of the project', async () => {
    renderSheet();
    expect(await screen.findByText('No time logged this week. Add a row to start.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('option', { name: 'Reports' })).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Add a row'), { target: { value: '42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(cell('Reports', 'Mar 9, 2026')).toBeTruthy();
  });

  it('saves "1:30" typed into an empty cell as a new entry of 90 minutes, and edits and clears cells', async () => {
    const existing = entry({ storyIdx: 40, workDt: '20260309', minutes: 60 });
    weeks['20260309'] = [existing];
    renderSheet();
    await waitFor(() => expect(cell('Login page', 'Mar 9, 2026').value).toBe('1:00'));

    type(cell('Login page', 'Mar 10, 2026'), '1:30');
    await waitFor(() => expect(api.create).toHaveBeenCalledTimes(1));
    expect(api.create.mock.calls[0]![0]).toEqual({
      storyIdx: 40,
      memberInProjectIdx: ME,
      workDt: '20260310',
      minutes: 90,
    });
    await waitFor(() => expect(screen.getByTestId('state-c40_20260310').textContent).toContain('Saved'));

    type(cell('Login page', 'Mar 9, 2026'), '1.5');
    await waitFor(() => expect(api.update).toHaveBeenCalledWith(existing.timekeepingIdx, { minutes: 90 }));

    type(cell('Login page', 'Mar 9, 2026'), '');
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith([existing.timekeepingIdx]));
  });

  it('refuses unreadable text and more than 24 hours without calling the server', async () => {
    weeks['20260309'] = [entry({ storyIdx: 40, workDt: '20260309' })];
    renderSheet();
    await waitFor(() => expect(cell('Login page', 'Mar 10, 2026')).toBeTruthy());
    type(cell('Login page', 'Mar 10, 2026'), 'soon');
    expect(await screen.findByText('Type hours and minutes such as 1:30, 1.5 or 90m.')).toBeTruthy();
    type(cell('Login page', 'Mar 11, 2026'), '25:00');
    expect(await screen.findByText('A day has at most 24 hours.')).toBeTruthy();
    expect(api.create).not.toHaveBeenCalled();
  });

  it('shows a server refusal on the cell, translated', async () => {
    weeks['20260309'] = [entry({ storyIdx: 40, workDt: '20260309' })];
    api.create.mockRejectedValue(new ApiError('TIMEKEEPING_DAY_LIMIT', 400));
    renderSheet();
    await waitFor(() => expect(cell('Login page', 'Mar 10, 2026')).toBeTruthy());
    type(cell('Login page', 'Mar 10, 2026'), '8h');
    await waitFor(() => expect(screen.getByTestId('state-c40_20260310').textContent).toContain('Not saved'));
    expect(cell('Login page', 'Mar 10, 2026').getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByText(
        'A day has at most 24 hours: this entry would log more than 1,440 minutes on that day.',
      ),
    ).toBeTruthy();
  });

  it('is read-only with a banner when the month is submitted (locked, can.edit false)', async () => {
    weeks['20260309'] = [
      entry({ storyIdx: 40, workDt: '20260309', locked: true, can: { edit: false, delete: false } }),
    ];
    renderSheet();
    expect(await screen.findByTestId('timesheet-locked')).toBeTruthy();
    expect(screen.getByTestId('timesheet-locked').textContent).toContain('Mar 2026');
    expect(cell('Login page', 'Mar 9, 2026').readOnly).toBe(true);
    expect(cell('Login page', 'Mar 10, 2026').readOnly).toBe(true);
    // The whole week lies in the submitted month: nothing to add a row for, nothing to copy into.
    expect(screen.queryByLabelText('Add a row')).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy last week' })).toHaveProperty('disabled', true);
  });

  it('is view-only without a locked banner for a reader who may not change the entries', async () => {
    weeks['20260309'] = [entry({ storyIdx: 40, workDt: '20260309', can: { edit: false, delete: false } })];
    renderSheet();
    expect(await screen.findByTestId('timesheet-view-only')).toBeTruthy();
    expect(screen.queryByTestId('timesheet-locked')).toBeNull();
    expect(cell('Login page', 'Mar 10, 2026').readOnly).toBe(true);
    expect(screen.queryByLabelText('Add a row')).toBeNull();
  });

  it('is view-only for a client, who may not log time', async () => {
    roles.mockResolvedValue({ memberInProjectIdx: 9, abilities: ['planning.view'] });
    weeks['20260309'] = [entry({ storyIdx: 40, workDt: '20260309' })];
    renderSheet();
    expect(await screen.findByTestId('timesheet-view-only')).toBeTruthy();
    expect(cell('Login page', 'Mar 9, 2026').readOnly).toBe(true);
  });

  it('turns read-only when a save answers TIMEKEEPING_LOCKED', async () => {
    weeks['20260309'] = [entry({ storyIdx: 40, workDt: '20260309' })];
    api.create.mockRejectedValue(new ApiError('TIMEKEEPING_LOCKED', 409, 'locked', {}, { month: '202603' }));
    renderSheet();
    await waitFor(() => expect(cell('Login page', 'Mar 10, 2026')).toBeTruthy());
    expect(screen.queryByTestId('timesheet-locked')).toBeNull();
    type(cell('Login page', 'Mar 10, 2026'), '1:00');
    expect(await screen.findByTestId('timesheet-locked')).toBeTruthy();
    await waitFor(() => expect(cell('Login page', 'Mar 11, 2026').readOnly).toBe(true));
  });

  it('copies last week’s entries 7 days later, skipping days that have them and future days', async () => {
    weeks['20260302'] = [
      entry({ storyIdx: 40, workDt: '20260302', minutes: 60 }), // → 09, already logged: skipped
      entry({ storyIdx: 41, workDt: '20260303', minutes: 45 }), // → 10: created
      entry({ storyIdx: 41, workDt: '20260304', minutes: 30, note: 'Review' }), // → 11: created
      entry({ storyIdx: 40, workDt: '20260306', minutes: 20 }), // → 13, future: skipped
    ];
    weeks['20260309'] = [entry({ storyIdx: 40, workDt: '20260309', minutes: 15 })];
    renderSheet();
    await waitFor(() => expect(cell('Login page', 'Mar 9, 2026').value).toBe('0:15'));
    fireEvent.click(screen.getByRole('button', { name: 'Copy last week' }));
    expect(
      await screen.findByText(
        'Copied 2 entries from last week; 2 skipped (already there, future or locked).',
      ),
    ).toBeTruthy();
    expect(api.create.mock.calls.map((c) => c[0])).toEqual([
      { storyIdx: 41, memberInProjectIdx: ME, workDt: '20260310', minutes: 45 },
      { storyIdx: 41, memberInProjectIdx: ME, workDt: '20260311', minutes: 30, note: 'Review' },
    ]);
  });

  it('moves between weeks', async () => {
    renderSheet();
    await screen.findByText('Week of Mar 9, 2026 – Mar 15, 2026');
    fireEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(await screen.findByText('Week of Mar 2, 2026 – Mar 8, 2026')).toBeTruthy();
    await waitFor(() => expect(api.entries).toHaveBeenCalledWith(1, ME, '20260302', '20260308'));
    fireEvent.click(screen.getByRole('button', { name: 'This week' }));
    expect(await screen.findByText('Week of Mar 9, 2026 – Mar 15, 2026')).toBeTruthy();
  });
});
