import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { metaByName } from '../../../app/route-meta';
import { setLanguage } from '../../../lib/i18n';
import { PaymentResultPage } from './PaymentResultPage';

const api = vi.hoisted(() => ({ registerCard: vi.fn() }));
vi.mock('../api/billing-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  billingApi: api,
}));

afterEach(async () => {
  cleanup();
  vi.clearAllMocks();
  await act(() => setLanguage('en'));
});

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/payment-success', handle: metaByName('paymentSuccess'), element: <PaymentResultPage /> },
      { path: '/payment-failure', handle: metaByName('paymentFailure'), element: <PaymentResultPage /> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

describe('/payment-success and /payment-failure', () => {
  it('titles 결제 성공 in Korean, with what was charged and the way back to the subscription', async () => {
    await act(() => setLanguage('kr'));
    renderAt('/payment-success?kind=sheets&amount=4667&currency=KRW');
    expect(await screen.findByRole('heading', { name: '결제 성공' })).toBeTruthy();
    expect(screen.getByText('카드로 4,667원이(가) 결제되었습니다.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '설정으로 돌아가기' }).getAttribute('href')).toBe(
      '/setting?tab=subscription',
    );
  });

  it('titles 결제 실패 and names the refused step when only the kind is known', async () => {
    await act(() => setLanguage('kr'));
    renderAt('/payment-failure?kind=refund');
    expect(await screen.findByRole('heading', { name: '결제 실패' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('환불에 실패했습니다.');
  });

  it('completes a Toss card registration once with the returned authKey and customerKey', async () => {
    api.registerCard.mockResolvedValue({ cardIdx: 1, brand: 'VISA', last4: '4242', issuer: 'Toss' });
    const customerKey = '5f0c1a8e-2b1d-4c8e-9f3a-6d2e7b1c9a40';
    renderAt(`/payment-success?kind=card&authKey=auth-1&customerKey=${customerKey}`);
    expect(
      await screen.findByText('The card was registered. You can subscribe or add sheets now.'),
    ).toBeTruthy();
    expect(api.registerCard).toHaveBeenCalledTimes(1);
    expect(api.registerCard).toHaveBeenCalledWith({ authKey: 'auth-1', customerKey });
  });
});
