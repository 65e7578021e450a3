import { describe, expect, it } from 'vitest';
import { renderMail } from '../../infra/mail.js';
import { paymentMailValues } from './payment.js';

const payment = (sheets: number, status: 'paid' | 'failed' = 'paid') =>
  ({
    paymentIdx: 12,
    status,
    kind: 'subscribe',
    amount: 10_000 * sheets,
    currency: 'KRW',
    plan: '30D',
    sheets,
    periodStartDt: '2026-11-01',
    periodEndDt: '2026-11-30',
    failureReason: null,
  }) as const;

const body = (sheets: number, lang: 'en' | 'kr' | 'vi' = 'en', status: 'paid' | 'failed' = 'paid') =>
  renderMail(
    status === 'failed' ? 'billingPaymentFailed' : 'billingReceipt',
    lang,
    'admin@example.com',
    'http://localhost/#/setting?tab=payment',
    paymentMailValues(payment(sheets, status), 'Alpha', lang),
  ).text.split('\n')[0];

describe('the receipt mail (issue 33)', () => {
  it('counts the sheets in their plural form and names the kind in words', () => {
    expect(body(1)).toBe(
      'Receipt TL-00000012 for "Alpha": Subscription, 10,000 KRW, plan Monthly, 1 sheet, period 2026-11-01–2026-11-30.',
    );
    expect(body(2)).toBe(
      'Receipt TL-00000012 for "Alpha": Subscription, 20,000 KRW, plan Monthly, 2 sheets, period 2026-11-01–2026-11-30.',
    );
  });

  it('kr and vi say the kind in their words and one text for any count', () => {
    expect(body(1, 'kr')).toContain('"Alpha": 구독, 10,000 KRW, 요금제 월간, 시트 1개,');
    expect(body(2, 'vi')).toContain('cho "Alpha": Đăng ký, 20,000 KRW, gói Hằng tháng, 2 suất,');
  });

  it('names the kind in words on the failure notice too', () => {
    expect(body(1, 'en', 'failed')).toBe(
      'The payment of 10,000 KRW for "Alpha" (Subscription) failed (). We try again after 1 and 3 days; check the card in settings.',
    );
    expect(body(1, 'kr', 'failed')).toContain('결제 10,000 KRW(구독)에 실패했습니다');
  });
});
