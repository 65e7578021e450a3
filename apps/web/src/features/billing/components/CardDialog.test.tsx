import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { metaByName } from '../../../app/route-meta';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { setLanguage } from '../../../lib/i18n';
import { CardDialog } from './CardSection';
import { PaymentResultPage } from './PaymentResultPage';

const api = vi.hoisted(() => ({ registerCard: vi.fn(), cards: vi.fn() }));
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
  const router = createMemoryRouter(
    [
      { path: '/setting', element: <CardDialog projectIdx={1} onClose={onClose} /> },
      { path: '/payment-failure', handle: metaByName('paymentFailure'), element: <PaymentResultPage /> },
    ],
    { initialEntries: ['/setting?tab=card'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return onClose;
}

const field = (name: string) => screen.getByLabelText(name);
function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(field(label), { target: { value } });
}
const valid = {
  'Card number': '4242424242424242',
  'Expiry (MM/YY)': '1230',
  CVV: '123',
  'Date of birth (YYMMDD)': '900101',
  'First two digits of the card password': '12',
  'Name on card': 'Mina Kim',
};

describe('cardPop', () => {
  it('says a mistyped number fails its check digit and an expired card has expired, and sends nothing', async () => {
    renderDialog();
    fill({ ...valid, 'Card number': '4242 4242 4242 4241', 'Expiry (MM/YY)': '0120' });
    fireEvent.click(screen.getByRole('button', { name: 'Register card' }));
    expect(await screen.findByText('This card number is not valid: check the digits.')).toBeTruthy();
    expect(screen.getByText('This card has expired.')).toBeTruthy();
    expect(api.registerCard).not.toHaveBeenCalled();
  });

  it('groups the number as typed and asks a corporate card for its business number instead of the birth date', async () => {
    renderDialog();
    fill({ 'Card number': '4242424242424242' });
    expect((field('Card number') as HTMLInputElement).value).toBe('4242 4242 4242 4242');
    fireEvent.click(screen.getByLabelText('Corporate card'));
    expect(await screen.findByLabelText('Business registration number')).toBeTruthy();
    expect(screen.queryByLabelText('Date of birth (YYMMDD)')).toBeNull();
  });

  it('sends the card fields once and closes on success', async () => {
    api.registerCard.mockResolvedValue({ cardIdx: 3, brand: 'VISA', last4: '4242', issuer: 'Sandbox' });
    const onClose = renderDialog();
    fill(valid);
    fireEvent.click(screen.getByRole('button', { name: 'Register card' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.registerCard).toHaveBeenCalledTimes(1);
    expect(api.registerCard).toHaveBeenCalledWith({
      cardNumber: '4242424242424242',
      expiry: '1230',
      isCorporate: false,
      birth: '900101',
      password: '12',
      cvv: '123',
      ownerName: 'Mina Kim',
      isForeign: false,
    });
  });

  it('a card issued abroad asks for the billing address instead of the birth date and password', async () => {
    api.registerCard.mockResolvedValue({ cardIdx: 4, brand: 'VISA', last4: '4242', issuer: 'Sandbox' });
    const onClose = renderDialog();
    fireEvent.click(screen.getByLabelText('Card issued outside Korea'));
    expect(
      await screen.findByRole('group', { name: 'Billing address (as the card issuer has it)' }),
    ).toBeTruthy();
    for (const hidden of [
      'Date of birth (YYMMDD)',
      'First two digits of the card password',
      'Corporate card',
    ])
      expect(screen.queryByLabelText(hidden)).toBeNull();
    fill({ 'Card number': '4242424242424242', 'Expiry (MM/YY)': '1230', CVV: '123' });
    fireEvent.click(screen.getByRole('button', { name: 'Register card' }));
    await waitFor(() => expect(field('First name').getAttribute('aria-invalid')).toBe('true'));
    expect(field('Country').getAttribute('aria-invalid')).toBe('true');
    expect(field('State or province (if any)').getAttribute('aria-invalid')).toBeNull();
    expect(api.registerCard).not.toHaveBeenCalled();
    fill({
      'First name': 'Jane',
      'Last name': 'Doe',
      Phone: '+1 415 555 0100',
      Address: '1 Market St',
      City: 'San Francisco',
      'ZIP or postal code': '94105',
      Country: 'US',
    });
    expect(screen.getByRole('option', { name: 'United States' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Register card' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.registerCard).toHaveBeenCalledWith(
      expect.objectContaining({
        isForeign: true,
        ownerName: 'Jane Doe',
        phone: '+14155550100',
        zipCode: '94105',
        country: 'US',
        state: '',
      }),
    );
    expect(api.registerCard.mock.calls[0]![0]).not.toHaveProperty('password');
  });

  it('a declined card is refused in the dialog, in the reader language, with the form kept', async () => {
    await act(() => setLanguage('kr'));
    api.registerCard.mockRejectedValue(
      new ApiError('CARD_REGISTRATION_FAILED', 402, 'declined', {}, { reason: 'CARD_DECLINED' }),
    );
    const onClose = renderDialog();
    fill({
      '카드 번호': '4000000000000002',
      '유효기간 (MM/YY)': '1230',
      CVV: '123',
      '생년월일 (YYMMDD)': '900101',
      '카드 비밀번호 앞 2자리': '12',
      '카드 소유자 이름': '김미나',
    });
    fireEvent.click(screen.getByRole('button', { name: '카드 등록' }));
    const refusal = await screen.findByTestId('card-refusal');
    expect(refusal.textContent).toContain('사유: 카드가 거절되었습니다.');
    expect(refusal.getAttribute('role')).toBe('alert');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('heading', { name: '결제 실패' })).toBeNull();
    expect((field('카드 소유자 이름') as HTMLInputElement).value).toBe('김미나');
  });
});
