import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Contract, MemberRequest } from '@teamline/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../lib/i18n';
import { RequestDetail } from '../features/request/components/RequestDetail';
import { renderContractOffer } from './RequestRoute';

const requests = vi.hoisted(() => ({ get: vi.fn(), update: vi.fn(), remove: vi.fn(), comment: vi.fn() }));
const contracts = vi.hoisted(() => ({ list: vi.fn(), accept: vi.fn(), decline: vi.fn() }));
vi.mock('../features/request/api/request-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  requestApi: requests,
}));
vi.mock('../lib/contract-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  contractApi: contracts,
}));

const offer: MemberRequest = {
  requestIdx: 4,
  projectIdx: 1,
  kind: 'contract',
  title: 'Build the login page',
  description: 'Build the login page',
  dueDt: '20260301',
  storyIdx: null,
  senderIdx: 7,
  receiverIdx: 8,
  status: 'awaiting',
  readAt: null,
  takenAt: null,
  completedAt: null,
  createdAt: '2026-02-20T00:00:00.000Z',
  updatedAt: '2026-02-20T00:00:00.000Z',
  files: [],
  can: { edit: false, delete: false, take: false, complete: false, comment: true },
  comments: [],
};
const contract: Contract = {
  contractIdx: 5,
  projectIdx: 1,
  memberInProjectIdx: 8,
  requestIdx: 4,
  dailyRate: 12345,
  currency: 'USD',
  startDt: '20260301',
  endDt: null,
  scope: 'Build the login page',
  withholdingRateBp: 330,
  status: 'awaiting',
  offeredByIdx: 7,
  declineReason: null,
  createdAt: '2026-02-20T00:00:00.000Z',
  updatedAt: '2026-02-20T00:00:00.000Z',
};

const noMoves = { accept: false, decline: false, end: false };

beforeEach(() => {
  requests.get.mockResolvedValue(offer);
  // The list carries each contract's can, as the server sends it.
  contracts.list.mockResolvedValue({
    contracts: [
      { ...contract, contractIdx: 2, requestIdx: 1, status: 'completed', can: noMoves },
      { ...contract, can: { accept: true, decline: true, end: false } },
    ],
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const renderDetail = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RequestDetail
        projectIdx={1}
        requestIdx={4}
        nameOf={(i) => (i === 7 ? 'Mina' : 'Tuan')}
        renderContractOffer={(requestIdx) => renderContractOffer(1, requestIdx)}
        onClose={() => {}}
      />
    </QueryClientProvider>,
  );

describe('RequestDetail of a contract offer, as the request route puts it together', () => {
  it('shows the terms of the offer this request carries and accepts it', async () => {
    contracts.accept.mockResolvedValue({ ...contract, status: 'inProgress' });
    renderDetail();
    const terms = (await screen.findByText('$123.45 / day')).closest('section')!;
    expect(within(terms).getByRole('heading', { name: /Contract offer/ })).toBeTruthy();
    expect(within(terms).getByText('3.3 %')).toBeTruthy();
    expect(within(terms).getByText(/open-ended/)).toBeTruthy();
    expect(contracts.list).toHaveBeenCalledWith(1);
    fireEvent.click(within(terms).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(contracts.accept).toHaveBeenCalledWith(5));
  });

  it('declines only with a reason', async () => {
    contracts.decline.mockResolvedValue({ ...contract, status: 'rejected' });
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline the contract' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText('Give a reason.')).toBeTruthy();
    expect(contracts.decline).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: ' Rate too low ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(contracts.decline).toHaveBeenCalledWith(5, 'Rate too low'));
  });

  it('shows no buttons when the server allows neither', async () => {
    contracts.list.mockResolvedValue({ contracts: [{ ...contract, can: noMoves }] });
    renderDetail();
    expect(await screen.findByText('$123.45 / day')).toBeTruthy();
    await waitFor(() => expect(contracts.list).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
  });
});
