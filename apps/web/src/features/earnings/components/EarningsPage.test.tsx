import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { Earnings } from '@teamline/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { EarningsPage } from './EarningsPage';

const api = vi.hoisted(() => ({ year: vi.fn(), statement: vi.fn() }));
vi.mock('../api/earnings-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  earningsApi: api,
}));
const saved = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/save-blob', () => ({ saveBlob: saved }));

afterEach(async () => {
  cleanup();
  vi.clearAllMocks();
  await act(() => setLanguage('en'));
});

const sum = (currency: 'KRW' | 'USD', gross: number, withholding: number, count = 1) => ({
  currency,
  count,
  minutes: 480 * count,
  grossAmount: gross,
  withholdingAmount: withholding,
  netAmount: gross - withholding,
});

const data: Earnings = {
  year: 2025,
  years: [2025, 2024],
  months: [
    { month: '202501', ...sum('KRW', 500_000, 16_500) },
    { month: '202501', ...sum('USD', 60_000, 0) },
    { month: '202502', ...sum('KRW', 960_000, 31_680) },
  ],
  totals: [sum('KRW', 1_460_000, 48_180, 2), sum('USD', 60_000, 0)],
  payers: [
    { projectIdx: 3, projectName: 'Shop', payerName: 'Acme Corp', ...sum('KRW', 1_460_000, 48_180, 2) },
    { projectIdx: 3, projectName: 'Shop', payerName: 'Acme Corp', ...sum('USD', 60_000, 0) },
  ],
  pending: [sum('KRW', 480_000, 15_840)],
  settlements: [],
};

function renderPage(url = '/earnings?year=2025') {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <EarningsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('EarningsPage', () => {
  it('shows the year’s totals per currency, the months, the payers and pending apart', async () => {
    api.year.mockResolvedValue(data);
    renderPage();
    expect(screen.getByRole('status').textContent).toContain('Loading your earnings…');
    const months = await screen.findByTestId('earnings-months');
    expect(api.year).toHaveBeenCalledWith(2025);
    const rows = within(months)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'MonthCurrencyGrossWithholdingNet',
      'Jan 2025KRW₩500,000₩16,500₩483,500',
      'Jan 2025USD$600.00$0.00$600.00',
      'Feb 2025KRW₩960,000₩31,680₩928,320',
      'TotalKRW₩1,460,000₩48,180₩1,411,820',
      'TotalUSD$600.00$0.00$600.00',
    ]);
    // Never a sum across currencies.
    expect(document.body.textContent).not.toContain('1,520,000');
    expect(screen.getByText('Awaiting approval')).toBeTruthy();
    expect(screen.getByText('₩480,000')).toBeTruthy();
    const payers = screen.getByTestId('earnings-payers');
    expect(within(payers).getByRole('rowheader', { name: /Acme Corp/ }).textContent).toContain('Shop');
    // The year picker offers the years with earnings and this one.
    const picker = screen.getByLabelText<HTMLSelectElement>('Year');
    expect(picker.value).toBe('2025');
    expect([...picker.options].map((o) => o.value)).toContain('2024');
  });

  it('downloads the payer’s statement as CSV and PDF', async () => {
    api.year.mockResolvedValue(data);
    api.statement.mockResolvedValue(new Blob(['x']));
    renderPage();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Download the 2025 statement of Acme Corp as PDF' }),
    );
    await vi.waitFor(() => expect(saved).toHaveBeenCalledWith(expect.any(Blob), 'earnings-2025-3.pdf'));
    expect(api.statement).toHaveBeenCalledWith({ year: 2025, payer: 3, format: 'pdf' });
    fireEvent.click(screen.getByRole('button', { name: 'Download the 2025 statement of Acme Corp as CSV' }));
    await vi.waitFor(() =>
      expect(api.statement).toHaveBeenCalledWith({ year: 2025, payer: 3, format: 'csv' }),
    );
  });

  it('says so when nothing was earned, and offers a retry on an error', async () => {
    api.year.mockResolvedValue({ ...data, year: 2023, months: [], totals: [], payers: [], pending: [] });
    renderPage('/earnings?year=2023');
    expect(await screen.findByText('No approved or paid settlements in 2023.')).toBeTruthy();
    cleanup();
    api.year.mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(data);
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('Your earnings could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('earnings-months')).toBeTruthy();
  });

  it('changes the year with the picker, and speaks Korean', async () => {
    await act(() => setLanguage('kr'));
    api.year.mockResolvedValue(data);
    renderPage();
    const picker = await screen.findByLabelText<HTMLSelectElement>('연도');
    await screen.findByTestId('earnings-months');
    expect(screen.getByText('2025년 소득')).toBeTruthy();
    fireEvent.change(picker, { target: { value: '2024' } });
    await vi.waitFor(() => expect(api.year).toHaveBeenCalledWith(2024));
  });
});
