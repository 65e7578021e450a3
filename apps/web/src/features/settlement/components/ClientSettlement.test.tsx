import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MemberInProject } from '@teamline/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { useToastStore } from '../../../stores/toast-store';
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
const roles = vi.hoisted(() => vi.fn());
const members = vi.hoisted(() => vi.fn());
vi.mock('../api/settlement-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  settlementApi: api,
}));
vi.mock('../../../lib/project-api', () => ({ projectApi: { roles } }));
vi.mock('../../../lib/api', () => ({ api: { get: members } }));

const member = (memberInProjectIdx: number, nickname: string): MemberInProject => ({
  memberInProjectIdx,
  memberIdx: memberInProjectIdx,
  projectIdx: 1,
  nickname,
  colorCode: '#00D696',
  profileFileIdx: null,
  role: 'depth2',
  isAdmin: false,
  depth1Idx: null,
});

const submitted = settlement({
  settlementIdx: 21,
  memberInProjectIdx: 8,
  status: 'submitted',
  can: { submit: false, approve: true, return: true, pay: false, export: true },
});
const approved = settlement({
  settlementIdx: 22,
  memberInProjectIdx: 9,
  status: 'approved',
  currency: 'USD',
  grossAmount: 123456,
  withholdingAmount: 0,
  netAmount: 123456,
  can: { submit: false, approve: false, return: false, pay: true, export: true },
});

beforeEach(() => {
  roles.mockResolvedValue({
    roles: [],
    memberInProjectIdx: 2,
    depth1Idx: null,
    isAdmin: true,
    abilities: ['settlement.decide', 'settlement.pay'],
  });
  members.mockResolvedValue([member(8, 'Tuan'), member(9, 'Mina')]);
  api.list.mockResolvedValue({
    month: '202603',
    settlements: [submitted, approved],
    spend: [
      { month: '202602', currency: 'KRW', grossAmount: 900000 },
      { month: '202603', currency: 'KRW', grossAmount: 1234567 },
    ],
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderClient() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/calculate/client/1?month=202603']}>
        <SettlementPage view="client" projectIdx={1} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const rowOf = async (name: string) =>
  (await screen.findByRole('button', { name: `Show lines of ${name}` })).closest('tr')!;

describe('Settlement, client view', () => {
  it('lists every professional with hours, gross, net and status, totals per currency and the spend chart as a table', async () => {
    renderClient();
    const tuan = await rowOf('Tuan');
    expect(within(tuan).getByText('₩1,234,567')).toBeTruthy();
    expect(within(tuan).getByText('Submitted')).toBeTruthy();
    expect(within(await rowOf('Mina')).getAllByText('$1,234.56')).toHaveLength(2);
    expect(screen.getByText('KRW: gross ₩1,234,567 · net ₩1,193,827')).toBeTruthy();
    const chart = screen.getByRole('table', { name: 'Approved and paid gross per month in KRW' });
    expect(within(chart).getByRole('rowheader', { name: 'Feb 2026' })).toBeTruthy();
    expect(within(chart).getByText('₩900,000')).toBeTruthy();
  });

  it('shows a professional who withdrew (no longer a member) as a former member, with the money kept', async () => {
    members.mockResolvedValue([member(9, 'Mina')]);
    renderClient();
    const former = await rowOf('Former member');
    expect(within(former).getByText('₩1,234,567')).toBeTruthy();
    expect(within(former).getByText('Submitted')).toBeTruthy();
  });

  it('approves in place', async () => {
    api.approve.mockResolvedValue({ ...submitted, status: 'approved' });
    renderClient();
    fireEvent.click(within(await rowOf('Tuan')).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.approve).toHaveBeenCalledWith(21));
    expect(within(await rowOf('Mina')).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('returns only with a note', async () => {
    api.return.mockResolvedValue({ ...submitted, status: 'returned' });
    renderClient();
    fireEvent.click(within(await rowOf('Tuan')).getByRole('button', { name: 'Return' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return the settlement' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Return' }));
    expect(await within(dialog).findByText('Say what should change.')).toBeTruthy();
    expect(api.return).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Note to the professional'), {
      target: { value: ' Split the review hours. ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Return' }));
    await waitFor(() => expect(api.return).toHaveBeenCalledWith(21, 'Split the review hours.'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('marks an approved settlement paid with a date and a required reference, and says so', async () => {
    api.pay.mockResolvedValue({ ...approved, status: 'paid' });
    useToastStore.getState().reset();
    renderClient();
    fireEvent.click(within(await rowOf('Mina')).getByRole('button', { name: 'Mark paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the settlement paid' });
    fireEvent.change(within(dialog).getByLabelText('Payment date'), { target: { value: '2026-04-05' } });
    // The reference is marked required (a visible mark, hidden from the accessible name) and says why.
    const reference = within(dialog).getByRole('textbox', { name: 'Reference (transfer number, invoice…)' });
    expect(reference.getAttribute('aria-required')).toBe('true');
    expect(within(dialog).getByText('*')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(
      await within(dialog).findByText("Enter the payment's reference, such as the transfer number."),
    ).toBeTruthy();
    expect(api.pay).not.toHaveBeenCalled();
    fireEvent.change(reference, { target: { value: 'TX-42' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(api.pay).toHaveBeenCalledWith(22, { paidDt: '20260405', reference: 'TX-42' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts).toContainEqual(
        expect.objectContaining({ text: 'The settlement was marked paid.', icon: 'success' }),
      ),
    );
  });

  it('expands a row to its lines', async () => {
    api.get.mockResolvedValue({
      ...submitted,
      lines: [{ storyIdx: 40, storyTitle: 'Login page', workDt: '20260302', minutes: 480, amount: 1234567 }],
    });
    renderClient();
    fireEvent.click(await screen.findByRole('button', { name: 'Show lines of Tuan' }));
    expect(await screen.findByRole('heading', { name: /Login page/ })).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith(21);
    expect(screen.getByRole('button', { name: 'Hide lines of Tuan' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });
});
