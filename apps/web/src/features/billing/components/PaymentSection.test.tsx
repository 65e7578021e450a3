import type { PaymentDto } from '@teamline/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { subscription } from './fixtures.test-util';
import { useToastStore } from '../../../stores/toast-store';
import { PaymentSection, RefundDialog } from './PaymentSection';

const api = vi.hoisted(() => ({ subscription: vi.fn(), payments: vi.fn() }));
vi.mock('../api/billing-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  billingApi: api,
}));

afterEach(async () => {
  cleanup();
  vi.clearAllMocks();
  await act(() => setLanguage('en'));
});

const payment = (over: Partial<PaymentDto>): PaymentDto => ({
  paymentIdx: 1,
  subscriptionIdx: 9,
  projectIdx: 1,
  kind: 'add',
  amount: 6_667,
  currency: 'KRW',
  status: 'paid',
  createdAt: '2026-11-20T10:00:00.000Z',
  receiptNumber: 'TL-00000001',
  plan: '30D',
  sheets: 1,
  periodStartDt: '20261120',
  periodEndDt: '20261201',
  listAmount: 6_667,
  discount: 0,
  couponNumber: null,
  refundedAmount: 0,
  refundOfIdx: null,
  refundMode: null,
  cardBrand: 'VISA',
  cardLast4: '4242',
  failureReason: null,
  gatewaySkipped: false,
  ...over,
});

function renderSection() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <PaymentSection projectIdx={1} canManage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Settings › Payment: a charge the card company has not answered yet', () => {
  it('shows as confirming with a note, and one a crash interrupted as failed with why', async () => {
    api.subscription.mockResolvedValue(subscription({ subscriptionIdx: 9, plan: '30D', sheets: 2 }));
    api.payments.mockResolvedValue([
      payment({ paymentIdx: 3, status: 'pending' }),
      payment({ paymentIdx: 2, status: 'failed', failureReason: 'INTERRUPTED' }),
      payment({ paymentIdx: 1 }),
    ]);
    renderSection();
    const rows = await screen.findAllByTestId('payment-row');
    expect(rows.map((row) => within(row).getByText(/Confirming|Failed|Paid/).textContent)).toEqual([
      'Confirming',
      'Failed',
      'Paid',
    ]);
    expect(rows[0]!.textContent).toContain(
      "The card company's answer is being confirmed; this line updates by itself.",
    );
    // No receipt until the card company answered.
    expect(within(rows[0]!).queryByRole('button', { name: 'Receipt' })).toBeNull();
    expect(within(rows[2]!).getByRole('button', { name: 'Receipt' })).toBeTruthy();
    expect(rows[1]!.textContent).toContain(
      'The payment was interrupted before the card company took it; nothing was charged.',
    );
  });

  it('says so in Korean and Vietnamese too', async () => {
    api.subscription.mockResolvedValue(subscription({ subscriptionIdx: 9, plan: '30D', sheets: 2 }));
    api.payments.mockResolvedValue([payment({ status: 'pending' })]);
    await act(() => setLanguage('kr'));
    renderSection();
    expect((await screen.findByTestId('payment-row')).textContent).toContain('확인 중');
    cleanup();
    await act(() => setLanguage('vi'));
    renderSection();
    expect((await screen.findByTestId('payment-row')).textContent).toContain('Đang xác nhận');
  });
});

describe('refundPop', () => {
  it('names the total refunded, not the last of the charges the answer carries', async () => {
    const refund = vi.fn().mockResolvedValue({
      subscription: subscription(),
      payment: payment({ kind: 'refund', amount: 6_667, status: 'refunded' }),
    });
    (api as unknown as { refund: typeof refund }).refund = refund;
    useToastStore.setState({ toasts: [] });
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <RefundDialog
            projectIdx={1}
            sub={subscription({ subscriptionIdx: 9, refund: { mode: 'FULL', amount: 36_667 } })}
            onClose={onClose}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /refund/i }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(useToastStore.getState().toasts.map((toast) => toast.text)).toEqual(['₩36,667 was refunded.']);
  });
});
