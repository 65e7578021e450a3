import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { subscription } from './fixtures.test-util';
import { SubscriptionSection } from './SubscriptionSection';

const api = vi.hoisted(() => ({ subscription: vi.fn() }));
vi.mock('../api/billing-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  billingApi: api,
}));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderSection() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <SubscriptionSection projectIdx={1} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Settings › Subscription', () => {
  it('an admin of a 6-member free project sees the shortfall, the grace date and Subscribe', async () => {
    api.subscription.mockResolvedValue(subscription({ graceUntil: '2026-11-27T10:00:00.000Z' }));
    renderSection();
    expect(await screen.findByTestId('billing-warning')).toHaveProperty(
      'textContent',
      'This project has 6 members but covers 4. Add 2 sheets or remove members by Nov 27, 2026, or the project becomes inactive.',
    );
    expect(screen.getByTestId('billing-members-covered').textContent).toBe(
      '6 members · 0 sheets + 4 free = 4 covered',
    );
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeTruthy();
    expect(screen.queryByTestId('billing-admin-only')).toBeNull();
  });

  it.each([
    [1, '1 member · 0 sheets + 4 free = 4 covered'],
    [2, '2 members · 0 sheets + 4 free = 4 covered'],
  ])('counts %i member(s) in their plural form (issue 33)', async (totalMember, text) => {
    api.subscription.mockResolvedValue(subscription({ totalMember, warning: false }));
    renderSection();
    expect((await screen.findByTestId('billing-members-covered')).textContent).toBe(text);
  });

  it('a member without admin authority reads the state and why they cannot change it', async () => {
    api.subscription.mockResolvedValue(subscription({ canManage: false }));
    renderSection();
    expect(await screen.findByTestId('billing-admin-only')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('an inactive project says so; a running plan shows its period, renewal and the sheet actions', async () => {
    api.subscription.mockResolvedValue(
      subscription({
        subscriptionIdx: 9,
        plan: '30D',
        sheets: 1,
        projectStatus: 'INACTIVE',
        periodStartDt: '20261101',
        periodEndDt: '20261201',
        sheetPeriodPrice: 10000,
        nextChargeAmount: 10000,
        pendingPlan: '12M',
      }),
    );
    renderSection();
    expect(await screen.findByTestId('billing-inactive')).toBeTruthy();
    expect(screen.queryByTestId('billing-warning')).toBeNull();
    expect(screen.getByText('Renews on Dec 1, 2026')).toBeTruthy();
    expect(screen.getByText('From Dec 1, 2026: Yearly')).toBeTruthy();
    expect(screen.getByText('₩10,000')).toBeTruthy();
    for (const name of ['Add sheets', 'Remove sheets', 'Change plan', 'Cancel at period end'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('a failed load says why and offers a retry', async () => {
    api.subscription.mockRejectedValue(new Error('offline'));
    renderSection();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
