import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { errors as krErrors } from '@teamline/contract/i18n/kr/errors';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { setLanguage } from '../../../lib/i18n';
import { CouponDialog } from './CouponSection';

const api = vi.hoisted(() => ({ registerCoupon: vi.fn() }));
vi.mock('../api/billing-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  billingApi: api,
}));

afterEach(async () => {
  cleanup();
  vi.clearAllMocks();
  await act(() => setLanguage('en'));
});

function renderDialog(onClose = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CouponDialog projectIdx={4} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

const codes = [
  'COUPON_EXPIRED_OR_NONEXISTENT',
  'COUPON_IS_MONTHLY',
  'COUPON_IS_YEARLY',
  'COUPON_ALREADY_REGISTERED',
  'COUPON_REGISTRATION_FAILED',
] as const;

describe('couponPop', () => {
  it('asks for a number before sending anything', async () => {
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('A coupon number is required.')).toBeTruthy();
    expect(api.registerCoupon).not.toHaveBeenCalled();
  });

  it('shows each docs/product/billing.md#coupons coupon refusal in its own words on the field, in Korean too', async () => {
    await act(() => setLanguage('kr'));
    renderDialog();
    const seen = new Set<string>();
    for (const code of codes) {
      api.registerCoupon.mockRejectedValueOnce(new ApiError(code, 409));
      fireEvent.change(screen.getByLabelText('쿠폰 번호'), { target: { value: `N-${code}` } });
      fireEvent.click(screen.getByRole('button', { name: '등록' }));
      expect(await screen.findByText(krErrors[code])).toBeTruthy();
      seen.add(krErrors[code]);
    }
    expect(seen.size).toBe(codes.length);
  });

  it('registers the number for the project and closes', async () => {
    api.registerCoupon.mockResolvedValue({});
    const onClose = renderDialog();
    fireEvent.change(screen.getByLabelText('Coupon number'), { target: { value: ' WELCOME20 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.registerCoupon).toHaveBeenCalledWith({ number: 'WELCOME20', projectIdx: 4 });
  });
});
