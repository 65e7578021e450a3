import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Budget, BudgetList, SpendingReport } from '@teamline/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { SpendingPage } from './SpendingPage';

const api = vi.hoisted(() => ({ report: vi.fn(), budgets: vi.fn(), save: vi.fn(), remove: vi.fn() }));
vi.mock('../api/spending-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  spendingApi: api,
}));
const abilities = vi.hoisted(() => ({ list: new Set<string>() }));
vi.mock('../../../lib/use-abilities', () => ({
  useAbilities: () => ({ can: (action: string) => abilities.list.has(action) }),
}));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  abilities.list = new Set();
});

const report: SpendingReport = {
  year: 2026,
  projects: [
    {
      projectIdx: 1,
      projectName: 'Shop',
      months: [
        { month: '202601', currency: 'KRW', grossAmount: 1_500_000 },
        { month: '202602', currency: 'USD', grossAmount: 12_345 },
      ],
      totals: [
        { currency: 'KRW', grossAmount: 1_500_000 },
        { currency: 'USD', grossAmount: 12_345 },
      ],
    },
    { projectIdx: 2, projectName: 'Blog', months: [], totals: [] },
  ],
  months: [
    { month: '202601', currency: 'KRW', grossAmount: 1_500_000 },
    { month: '202602', currency: 'USD', grossAmount: 12_345 },
  ],
  totals: [
    { currency: 'KRW', grossAmount: 1_500_000 },
    { currency: 'USD', grossAmount: 12_345 },
  ],
};

const budget = (over: Partial<Budget>): Budget => ({
  budgetIdx: 1,
  projectIdx: 1,
  milestoneIdx: null,
  milestoneTitle: null,
  amount: 2_000_000,
  currency: 'KRW',
  period: 'total',
  periodKey: 'total',
  spent: 1_700_000,
  forecast: 2_400_000,
  reached: [80],
  ...over,
});
const budgets = (list: Budget[]): BudgetList => ({
  projectIdx: 1,
  month: '202602',
  budgets: list,
  milestones: [{ milestoneIdx: 7, title: 'Phase 1' }],
});

const renderPage = (projectIdx: number | null = 1) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <SpendingPage projectIdx={projectIdx} initialYear={2026} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('Spending page', () => {
  it('shows loading, then spend per project × month and totals per currency, never added together', async () => {
    let answer: (r: SpendingReport) => void = () => undefined;
    api.report.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    api.budgets.mockResolvedValue(budgets([]));
    renderPage();
    expect(screen.getAllByRole('status')[0]!.textContent).toBe('Loading spending…');
    answer(report);
    const table = await screen.findByTestId('spending-table');
    const rows = within(table).getAllByRole('row');
    // Header, Shop, Blog, All projects.
    expect(rows).toHaveLength(4);
    expect(rows[1]!.textContent).toContain('Shop');
    expect(rows[1]!.textContent).toContain('₩1,500,000');
    expect(rows[1]!.textContent).toContain('$123.45');
    expect(rows[2]!.textContent).toContain('–');
    const totals = screen.getByTestId('spending-totals');
    expect(
      within(totals)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['KRW₩1,500,000', 'USD$123.45']);
    expect(api.report).toHaveBeenCalledWith(2026);
    // The previous year is asked for.
    api.report.mockResolvedValue({
      ...report,
      year: 2025,
      projects: report.projects,
      months: [],
      totals: [],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Previous year' }));
    expect(await screen.findByTestId('spending-empty')).toBeTruthy();
    expect(api.report).toHaveBeenLastCalledWith(2025);
  });

  it('says so when the caller pays in no project, and offers a retry on an error', async () => {
    api.report.mockResolvedValueOnce({ ...report, projects: [], months: [], totals: [] });
    renderPage(null);
    expect(await screen.findByTestId('spending-no-projects')).toBeTruthy();
    cleanup();
    api.report.mockRejectedValueOnce(new ApiError('INTERNAL', 500));
    renderPage(null);
    expect((await screen.findByRole('alert')).textContent).toContain('Spending could not be loaded.');
    api.report.mockResolvedValueOnce(report);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('spending-table')).toBeTruthy();
  });

  it('draws budgets with their marks, forecast and reached thresholds; the editor saves minor units', async () => {
    abilities.list = new Set(['budget.view', 'budget.manage']);
    api.report.mockResolvedValue(report);
    api.budgets.mockResolvedValue(
      budgets([
        budget({}),
        budget({
          budgetIdx: 2,
          milestoneIdx: 7,
          milestoneTitle: 'Phase 1',
          currency: 'USD',
          amount: 10_000,
          spent: 12_345,
          forecast: 12_345,
          period: 'month',
          periodKey: '202602',
          reached: [80, 100],
        }),
      ]),
    );
    renderPage();
    const rows = await screen.findAllByTestId('budget-row');
    expect(rows[0]!.textContent).toContain('Whole project');
    expect(rows[0]!.textContent).toContain('₩1,700,000 spent of ₩2,000,000 (85 %)');
    expect(rows[0]!.textContent).toContain('Forecast for the period: ₩2,400,000, over the budget');
    expect(rows[0]!.textContent).toContain('80 % reached');
    expect(rows[0]!.querySelector('[data-mark="80"]')).toBeTruthy();
    expect(rows[0]!.querySelector('[data-mark="100"]')).toBeTruthy();
    expect(within(rows[0]!).getByRole('img').getAttribute('aria-label')).toBe(
      'Spent 85 % of the budget; marks at 80 % and 100 %',
    );
    expect(rows[1]!.textContent).toContain('Milestone “Phase 1”');
    expect(rows[1]!.textContent).toContain('100 % reached');

    const editor = screen.getByTestId('budget-editor');
    const amount = within(editor).getByRole('textbox', { name: 'Amount' });
    fireEvent.change(amount, { target: { value: '0' } });
    fireEvent.click(within(editor).getByTestId('budget-save'));
    expect(within(editor).getByRole('alert').textContent).toContain('Type a positive amount');
    expect(api.save).not.toHaveBeenCalled();

    api.save.mockResolvedValue(budget({}));
    fireEvent.change(within(editor).getByRole('combobox', { name: 'For' }), { target: { value: '7' } });
    fireEvent.change(within(editor).getByRole('combobox', { name: 'Currency' }), {
      target: { value: 'USD' },
    });
    fireEvent.change(within(editor).getByRole('combobox', { name: 'Period' }), {
      target: { value: 'month' },
    });
    fireEvent.change(amount, { target: { value: '1,500.25' } });
    fireEvent.click(within(editor).getByTestId('budget-save'));
    await waitFor(() =>
      expect(api.save).toHaveBeenCalledWith(1, {
        milestoneIdx: 7,
        amount: 150_025,
        currency: 'USD',
        period: 'month',
      }),
    );
  });

  it('tells a professional that budgets are for the paying side, with no editor', async () => {
    api.report.mockResolvedValue({ ...report, projects: [], months: [], totals: [] });
    api.budgets.mockRejectedValue(new ApiError('ADMIN_OR_CLIENT_ONLY', 403));
    renderPage();
    expect(await screen.findByTestId('budgets-not-allowed')).toBeTruthy();
    expect(screen.queryByTestId('budget-editor')).toBeNull();
  });
});
