import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MemberInProject } from '@teamline/contract';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { setLanguage } from '../../../lib/i18n';
import { OfferContractModal } from './OfferContractForm';

const offer = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/contract-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  contractApi: { offer },
}));

afterEach(async () => {
  cleanup();
  offer.mockReset();
  await act(() => setLanguage('en'));
});

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

function renderForm(onClose = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OfferContractModal
        projectIdx={1}
        professionals={[member(8, 'Tuan'), member(9, 'Mina')]}
        isOpen
        onClose={onClose}
      />
    </QueryClientProvider>,
  );
  return { onClose };
}
const fill = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Send offer' }));

function fillValid() {
  fill('Professional', '9');
  fill('Start date', '2026-03-01');
  fill('Scope of work', 'Build the login page');
}

describe('Offer a contract', () => {
  it('sends 12.34 USD as 1234 cents and 3.3 % as 330 basis points, then closes', async () => {
    offer.mockResolvedValue({ contractIdx: 5 });
    const { onClose } = renderForm();
    fillValid();
    fill('Currency', 'USD');
    fill(/^Daily rate/, '12.34');
    fill(/^Withholding/, '3.3');
    fill('End date (optional)', '2026-06-30');
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(offer).toHaveBeenCalledWith({
      projectIdx: 1,
      memberInProjectIdx: 9,
      dailyRate: 1234,
      currency: 'USD',
      startDt: '20260301',
      endDt: '20260630',
      scope: 'Build the login page',
      withholdingRateBp: 330,
    });
  });

  it('reads "150,000" won as 150000 and an empty end date as open-ended', async () => {
    offer.mockResolvedValue({ contractIdx: 5 });
    const { onClose } = renderForm();
    fillValid();
    fill(/^Daily rate/, '150,000');
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(offer.mock.calls[0]?.[0]).toMatchObject({
      dailyRate: 150000,
      currency: 'KRW',
      endDt: null,
      withholdingRateBp: 0,
    });
  });

  it('refuses an amount with more decimals than the currency has, and an empty choice, with translated messages', async () => {
    renderForm();
    fill(/^Daily rate/, '150.5');
    fill(/^Withholding/, '3.333');
    submit();
    expect(await screen.findByText('Enter an amount like 150,000.')).toBeTruthy();
    expect(screen.getByText('Enter a percentage from 0 to 100 with at most two decimals.')).toBeTruthy();
    // The empty professional reads "required", like the empty scope, not the number rule's wording.
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    expect(screen.getByLabelText('Professional').getAttribute('aria-invalid')).toBe('true');
    expect(offer).not.toHaveBeenCalled();
  });

  it('shows the server’s CONTRACT_ALREADY_RUNNING on the professional field', async () => {
    offer.mockRejectedValue(new ApiError('CONTRACT_ALREADY_RUNNING', 409));
    const { onClose } = renderForm();
    fillValid();
    fill(/^Daily rate/, '150000');
    submit();
    expect(
      await screen.findByText('This member already has an offered or running contract in this project.'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Professional').getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('reads amounts with the Vietnamese decimal comma', async () => {
    await act(() => setLanguage('vi'));
    offer.mockResolvedValue({ contractIdx: 5 });
    const { onClose } = renderForm();
    fill('Chuyên gia', '9');
    fill('Ngày bắt đầu', '2026-03-01');
    fill('Phạm vi công việc', 'Trang đăng nhập');
    fill('Tiền tệ', 'USD');
    fill(/^Đơn giá ngày/, '12,34');
    fill(/^Khấu trừ tại nguồn/, '3,3');
    fireEvent.click(screen.getByRole('button', { name: 'Gửi đề nghị' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(offer.mock.calls[0]?.[0]).toMatchObject({ dailyRate: 1234, withholdingRateBp: 330 });
  });
});
