import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { setLanguage } from '../../../lib/i18n';
import { coupon, plans, subscription } from './fixtures.test-util';
import { SheetsDialog, SubscribeDialog } from './SubscriptionDialogs';

const api = vi.hoisted(() => ({
  plans: vi.fn(),
  cards: vi.fn(),
  subscribe: vi.fn(),
  changeSheets: vi.fn(),
  registerCoupon: vi.fn(),
}));
vi.mock('../api/billing-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  billingApi: api,
}));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T09:00:00Z'));
  api.plans.mockResolvedValue(plans);
  api.cards.mockResolvedValue({
    gateway: 'sandbox',
    tossClientKey: null,
    customerKey: null,
    cards: [
      {
        cardIdx: 3,
        brand: 'VISA',
        last4: '4242',
        issuer: 'Sandbox',
        gateway: 'sandbox',
        createdAt: '2026-11-20T00:00:00Z',
      },
    ],
  });
});
afterEach(async () => {
  cleanup();
  vi.clearAllMocks();
  vi.useRealTimers();
  await act(() => setLanguage('en'));
});

function renderAt(element: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/setting', element },
      { path: '/payment-success', element: <p>success page</p> },
      { path: '/payment-failure', element: <p>failure page</p> },
    ],
    { initialEntries: ['/setting?tab=subscription'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const summary = () => within(screen.getByTestId('price-summary'));

describe('subscribePop price summary', () => {
  it('shows the period, the list price, the coupon and the charge before paying, in the chosen currency', async () => {
    renderAt(<SubscribeDialog projectIdx={1} sub={subscription({ coupon })} onClose={() => undefined} />);
    // 6 members, 4 free: two sheets by default; a monthly 20 % coupon applies to the monthly plan.
    await screen.findByTestId('subscribe-card');
    await screen.findByTestId('price-summary');
    expect(screen.getByText('Coupon WELCOME20 applies: 20% off.')).toBeTruthy();
    expect(summary().getByText('2 sheets × $8.00')).toBeTruthy();
    expect(summary().getByTestId('price-discount').textContent).toBe('−$3.20');
    expect(summary().getByTestId('price-total').textContent).toBe('$12.80');
    expect(summary().getByText('Nov 24, 2026 – Dec 24, 2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay $12.80' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'KRW' } });
    fireEvent.change(screen.getByLabelText('Sheets'), { target: { value: '3' } });
    expect(summary().getByTestId('price-total').textContent).toBe('₩24,000');

    // The yearly plan: 12 × 0.8 months a sheet, and the monthly coupon does not apply.
    fireEvent.click(screen.getByLabelText(/^Yearly/));
    expect(summary().getByTestId('price-total').textContent).toBe('₩288,000');
    expect(summary().queryByTestId('price-discount')).toBeNull();
    expect(screen.getByText('This is a monthly coupon: it applies to the monthly plan only.')).toBeTruthy();
  });

  it('in Korean the won comes after the number', async () => {
    await act(() => setLanguage('kr'));
    renderAt(<SubscribeDialog projectIdx={1} sub={subscription()} onClose={() => undefined} />);
    await screen.findByTestId('subscribe-card');
    await screen.findByTestId('price-summary');
    expect(summary().getByTestId('price-total').textContent).toBe('20,000원');
    expect(screen.getByRole('button', { name: '20,000원 결제' })).toBeTruthy();
  });

  it('pays with one Idempotency-Key: a retry after a lost answer sends the same key, then shows the success page', async () => {
    api.subscribe.mockRejectedValueOnce(new ApiError('API_REQUEST_FAILED', 0)).mockResolvedValueOnce({
      subscription: subscription(),
      payment: { amount: 20000, currency: 'KRW' },
    });
    const router = renderAt(
      <SubscribeDialog projectIdx={1} sub={subscription()} onClose={() => undefined} />,
    );
    await screen.findByTestId('subscribe-card');
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'KRW' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay ₩20,000' }));
    await screen.findByRole('alert');
    fireEvent.click(screen.getByRole('button', { name: 'Pay ₩20,000' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-success'));
    const [first, second] = api.subscribe.mock.calls;
    expect(first?.[0]).toEqual({ projectIdx: 1, plan: '30D', sheets: 2, currency: 'KRW', cardIdx: 3 });
    expect(second?.[1]).toBe(first?.[1]);
    expect(router.state.location.search).toBe('?kind=subscribe&amount=20000&currency=KRW');
  });

  it('a declined charge leads to the failure page', async () => {
    api.subscribe.mockRejectedValue(
      new ApiError('SUBSCRIPTION_FAILED', 402, 'x', {}, { reason: 'INSUFFICIENT_FUNDS' }),
    );
    const router = renderAt(
      <SubscribeDialog projectIdx={1} sub={subscription()} onClose={() => undefined} />,
    );
    await screen.findByTestId('subscribe-card');
    fireEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-failure'));
    expect(router.state.location.search).toContain('code=SUBSCRIPTION_FAILED');
    expect(router.state.location.search).toContain('reason=INSUFFICIENT_FUNDS');
  });
});

describe('sheetsPop', () => {
  const running = subscription({
    subscriptionIdx: 9,
    plan: '30D',
    sheets: 1,
    minSheets: 2,
    periodStartDt: '20261101',
    periodEndDt: '20261201',
    sheetPeriodPrice: 10000,
  });

  it('ADD shows the pro-rated charge for the days left before paying', async () => {
    renderAt(<SheetsDialog projectIdx={1} sub={running} direction="ADD" onClose={() => undefined} />);
    // 24–30 November: 7 of 30 days; 1 missing sheet by default.
    fireEvent.change(screen.getByLabelText('Number of sheets'), { target: { value: '2' } });
    expect(summary().getByText('2 sheets for the 7 of 30 days left')).toBeTruthy();
    // round half up (2 × 10,000 × 7 ÷ 30) = 4,667
    expect(summary().getByTestId('price-total').textContent).toBe('₩4,667');
    expect(screen.getByTestId('sheets-after').textContent).toBe('Sheets after the change: 3');
    expect(screen.getByRole('button', { name: 'Pay ₩4,667' })).toBeTruthy();
  });

  it('SUB never goes below the members beyond the free ones', () => {
    renderAt(
      <SheetsDialog
        projectIdx={1}
        sub={{ ...running, sheets: 3 }}
        direction="SUB"
        onClose={() => undefined}
      />,
    );
    fireEvent.change(screen.getByLabelText('Number of sheets'), { target: { value: '2' } });
    expect(screen.getByText('Enter a whole number from 1 to 1.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Number of sheets'), { target: { value: '1' } });
    expect(screen.getByTestId('sheets-after').textContent).toBe('Sheets after the change: 2');
    expect(screen.getByRole('button', { name: 'Remove at renewal' })).toBeTruthy();
  });
});
