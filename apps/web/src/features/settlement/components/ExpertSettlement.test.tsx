import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertDialog } from '../../../components/ui/AlertDialog';
import { setLanguage } from '../../../lib/i18n';
import { settlement } from './fixtures.test-util';
import { SettlementPage } from './SettlementPage';

const api = vi.hoisted(() => ({
  list: vi.fn(),
  get: vi.fn(),
  submit: vi.fn(),
  approve: vi.fn(),
  return: vi.fn(),
  pay: vi.fn(),
  export: vi.fn(),
}));
const contracts = vi.hoisted(() => ({ list: vi.fn() }));
const roles = vi.hoisted(() => vi.fn());
vi.mock('../api/settlement-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  settlementApi: api,
}));
vi.mock('../../../lib/contract-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  contractApi: contracts,
}));
vi.mock('../../../lib/project-api', () => ({ projectApi: { roles } }));
// The project's members, for the names in a lead's team table.
vi.mock('../../../lib/api', () => ({
  api: { get: vi.fn(async () => [{ memberInProjectIdx: 9, nickname: 'Mina' }]) },
}));

beforeEach(() => {
  roles.mockResolvedValue({
    roles: [],
    memberInProjectIdx: 8,
    depth1Idx: null,
    isAdmin: false,
    abilities: [],
  });
  contracts.list.mockResolvedValue({ contracts: [] });
});
afterEach(async () => {
  cleanup();
  vi.clearAllMocks();
  await act(() => setLanguage('en'));
});

const lines = [
  { storyIdx: 40, storyTitle: 'Login page', workDt: '20260303', minutes: 480, amount: 617284 },
  { storyIdx: 41, storyTitle: 'Sign-up mail', workDt: '20260302', minutes: 240, amount: 308642 },
  { storyIdx: 40, storyTitle: 'Login page', workDt: '20260302', minutes: 240, amount: 308641 },
];

/** The app's own 30 s stale time unless a test needs another. */
function renderExpert(renderTimeSheet?: () => ReactNode) {
  return render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } })}
    >
      <MemoryRouter initialEntries={['/calculate/expert/1?month=202603']}>
        <SettlementPage view="expert" projectIdx={1} renderTimeSheet={renderTimeSheet} />
        <AlertDialog />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Settlement, professional view', () => {
  it('shows my statement with amounts in the reader’s format, lines per story and day, and submits after confirming', async () => {
    const mine = settlement({
      can: { submit: true, approve: false, return: false, pay: false, export: true },
    });
    api.list.mockResolvedValue({
      month: '202603',
      settlements: [mine, settlement({ settlementIdx: 12, memberInProjectIdx: 9 })],
      spend: [],
    });
    api.get.mockResolvedValue({ ...mine, lines });
    api.submit.mockResolvedValue({ ...mine, status: 'submitted' });
    renderExpert();
    const statement = await screen.findByRole('article');
    expect(within(statement).getByText('₩1,234,567')).toBeTruthy();
    expect(within(statement).getByText('₩40,740')).toBeTruthy();
    expect(within(statement).getByText('₩1,193,827')).toBeTruthy();
    // Time is exact hours and minutes (960 minutes), as logged, not a rounded decimal.
    expect(within(statement).getByText('16:00')).toBeTruthy();
    expect(api.list).toHaveBeenCalledWith(1, '202603');
    // The caller's own settlement as a statement; a lead's team's (here member 9) in a table below.
    expect(screen.getAllByRole('article')).toHaveLength(1);
    const team = screen.getByRole('region', { name: 'My team' });
    expect(within(team).getAllByRole('row')).toHaveLength(2);
    expect(await within(team).findByRole('rowheader', { name: 'Mina' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: /Login page/ })).toBeTruthy();
    expect(screen.getByText('Sign-up mail')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.submit).toHaveBeenCalledWith(11));
  });

  it('formats the same amounts for Korean and Vietnamese readers', async () => {
    api.list.mockResolvedValue({ month: '202603', settlements: [settlement()], spend: [] });
    api.get.mockResolvedValue({ ...settlement(), lines });
    await act(() => setLanguage('kr'));
    renderExpert();
    expect(await screen.findByText('1,234,567원')).toBeTruthy();
    cleanup();
    await act(() => setLanguage('vi'));
    renderExpert();
    expect(await screen.findByText((text) => text.replace(/\s/g, ' ') === '1.234.567 ₩')).toBeTruthy();
  });

  it('puts a return note first and offers no submit without can.submit', async () => {
    const returned = settlement({ status: 'returned', returnNote: 'Split the review hours, please.' });
    api.list.mockResolvedValue({ month: '202603', settlements: [returned], spend: [] });
    api.get.mockResolvedValue({ ...returned, lines });
    renderExpert();
    const note = await screen.findByRole('note', { name: 'Returned with a note' });
    expect(within(note).getByText('Split the review hours, please.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('shows the amounts after a time-sheet edit when the reader comes back to the statement', async () => {
    const before = settlement({ grossAmount: 2_000_000, withholdingAmount: 66_000, netAmount: 1_934_000 });
    const after = settlement({ grossAmount: 1_600_000, withholdingAmount: 52_800, netAmount: 1_547_200 });
    api.list.mockResolvedValue({ month: '202603', settlements: [before], spend: [] });
    api.get.mockResolvedValue({ ...before, lines });
    renderExpert(() => <p>the time sheet</p>);
    expect(await screen.findAllByText('₩2,000,000')).not.toHaveLength(0);
    fireEvent.click(screen.getByRole('tab', { name: 'Time sheet' }));
    expect(await screen.findByText('the time sheet')).toBeTruthy();
    // The hours were changed on the time sheet: the server now computes the smaller month.
    api.list.mockResolvedValue({ month: '202603', settlements: [after], spend: [] });
    api.get.mockResolvedValue({ ...after, lines });
    fireEvent.click(screen.getByRole('tab', { name: 'Settlement' }));
    expect(await screen.findAllByText('₩1,600,000')).not.toHaveLength(0);
    expect(screen.queryByText('₩2,000,000')).toBeNull();
  });

  it('moves to the previous month from the picker', async () => {
    api.list.mockResolvedValue({ month: '202603', settlements: [], spend: [] });
    renderExpert();
    expect(await screen.findByText('Mar 2026')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByText('Feb 2026')).toBeTruthy();
    await waitFor(() => expect(api.list).toHaveBeenCalledWith(1, '202602'));
  });

  it('says there is no contract yet when the caller has none', async () => {
    api.list.mockResolvedValue({ month: '202603', settlements: [], spend: [] });
    renderExpert();
    expect(
      await screen.findByText('You have no contract in this project. A client or admin offers one.'),
    ).toBeTruthy();
  });

  it('tells an admin without a contract only that they have none (they offer contracts themselves)', async () => {
    roles.mockResolvedValue({
      roles: [],
      memberInProjectIdx: 8,
      depth1Idx: null,
      isAdmin: true,
      abilities: ['contract.offer'],
    });
    api.list.mockResolvedValue({ month: '202603', settlements: [], spend: [] });
    renderExpert();
    expect(await screen.findByText('You have no contract in this project.')).toBeTruthy();
    expect(screen.queryByText(/offers one/)).toBeNull();
  });
});
