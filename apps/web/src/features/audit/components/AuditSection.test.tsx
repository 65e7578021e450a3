import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AuditList, AuditRecord } from '@teamline/contract';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { setLanguage } from '../../../lib/i18n';
import { useToastStore } from '../../../stores/toast-store';
import { AuditSection } from './AuditSection';
import { OwnAuditSection } from './OwnAuditSection';

const api = vi.hoisted(() => ({ list: vi.fn(), own: vi.fn(), exportCsv: vi.fn() }));
vi.mock('../api/audit-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  auditApi: api,
}));
vi.mock('../../../lib/use-project-members', () => ({
  useProjectMembers: () => ({
    data: [
      { memberIdx: 11, nickname: 'Mina' },
      { memberIdx: 12, nickname: 'Tuan' },
    ],
  }),
}));
const saved = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/save-blob', () => ({ saveBlob: saved }));

afterEach(async () => {
  cleanup();
  vi.clearAllMocks();
  await act(() => setLanguage('en'));
});

const roleChange: AuditRecord = {
  auditIdx: 42,
  occurredAt: '2026-03-02T09:30:00.000Z',
  kind: 'member.role_changed',
  actor: { memberIdx: 11, nickname: 'Mina' },
  member: { memberIdx: 12, nickname: 'Tuan' },
  projectIdx: 4,
  target: { type: 'memberInProject', idx: 8 },
  changes: { role: { from: 'depth2', to: 'depth1' } },
  ip: '203.0.113.7',
  userAgent:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
};
const refund: AuditRecord = {
  ...roleChange,
  auditIdx: 41,
  kind: 'subscription.refunded',
  member: null,
  target: { type: 'subscription', idx: 3 },
  changes: { mode: 'FULL', amount: 30_000, currency: 'KRW' },
};
const page = (items: AuditRecord[], total = items.length, pageNo = 1): AuditList => ({
  items,
  page: pageNo,
  pageSize: 50,
  total,
});

const renderWith = (node: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {node}
    </QueryClientProvider>,
  );

describe('Settings › Audit', () => {
  it('reads each record as a sentence with what changed, its address and browser, in en, kr and vi', async () => {
    api.list.mockResolvedValue(page([roleChange, refund]));
    renderWith(<AuditSection projectIdx={4} />);
    expect(await screen.findByText('Mina changed the role of Tuan')).toBeTruthy();
    expect(screen.getByText('Role: Team member → Team lead')).toBeTruthy();
    expect(screen.getByText(/Mina refunded/).textContent).toMatch(/30,000/);
    const [first] = screen.getAllByTestId('audit-record');
    expect(within(first!).getByText('203.0.113.7')).toBeTruthy();
    expect(within(first!).getByText('Chrome 130 · Windows')).toBeTruthy();

    await act(() => setLanguage('kr'));
    expect(await screen.findByText('Mina 님이 Tuan 님의 역할을 변경했습니다')).toBeTruthy();
    expect(screen.getByText('역할: 팀원 → 팀장')).toBeTruthy();
    await act(() => setLanguage('vi'));
    expect(await screen.findByText('Mina đã thay đổi vai trò của Tuan')).toBeTruthy();
    expect(screen.getByText('Vai trò: Thành viên nhóm → Trưởng nhóm')).toBeTruthy();
  });

  it('filters by person, kind and dates (the day range in local time) and goes back to page 1', async () => {
    api.list.mockResolvedValue(page([roleChange], 120));
    renderWith(<AuditSection projectIdx={4} />);
    await screen.findByText('Mina changed the role of Tuan');
    fireEvent.click(screen.getByTestId('audit-next'));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 })));

    fireEvent.change(screen.getByTestId('audit-person'), { target: { value: '12' } });
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith({ projectIdx: 4, memberIdx: 12, page: 1 }));
    fireEvent.change(screen.getByTestId('audit-kind'), { target: { value: 'member.role_changed' } });
    fireEvent.change(screen.getByTestId('audit-from'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByTestId('audit-to'), { target: { value: '2026-03-02' } });
    await waitFor(() =>
      expect(api.list).toHaveBeenLastCalledWith({
        projectIdx: 4,
        memberIdx: 12,
        kind: 'member.role_changed',
        from: new Date(2026, 2, 1).toISOString(),
        to: new Date(2026, 2, 3).toISOString(),
        page: 1,
      }),
    );
  });

  it('downloads the filtered list as CSV in the reader’s language', async () => {
    api.list.mockResolvedValue(page([roleChange]));
    api.exportCsv.mockResolvedValue(new Blob(['x']));
    renderWith(<AuditSection projectIdx={4} />);
    await screen.findByText('Mina changed the role of Tuan');
    fireEvent.change(screen.getByTestId('audit-kind'), { target: { value: 'member' } });
    fireEvent.click(screen.getByTestId('audit-export'));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(api.exportCsv).toHaveBeenCalledWith({ projectIdx: 4, kind: 'member', lang: 'en' });
    expect(saved.mock.calls[0]![1]).toMatch(/^audit-4-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(useToastStore.getState().toasts.map((toast) => toast.text)).toContain(
      'The audit log was downloaded.',
    );
  });

  it('says when nothing matches, and shows a refusal with a retry', async () => {
    api.list.mockResolvedValueOnce(page([]));
    renderWith(<AuditSection projectIdx={4} />);
    expect(await screen.findByTestId('audit-empty')).toBeTruthy();
    cleanup();
    api.list.mockRejectedValue(new ApiError('ADMIN_ONLY', 403));
    renderWith(<AuditSection projectIdx={4} />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/administrator/i);
  });
});

describe('Profile › Account activity', () => {
  it('lists the account’s own records, someone else’s without their address', async () => {
    api.own.mockResolvedValue(
      page([
        {
          ...roleChange,
          kind: 'account.sign_in_failed',
          actor: null,
          member: { memberIdx: 12, nickname: 'Tuan' },
          changes: { method: 'password', reason: 'AUTH_INCORRECT_PASSWORD' },
        },
        { ...roleChange, ip: null, userAgent: null },
      ]),
    );
    renderWith(<OwnAuditSection />);
    expect(await screen.findByText('Failed sign-in to Tuan (password: wrong password)')).toBeTruthy();
    const rows = screen.getAllByTestId('audit-record');
    expect(within(rows[1]!).getAllByText('—')).toHaveLength(2);
    expect(api.own).toHaveBeenCalledWith({ page: 1 });
  });

  it('has its empty state', async () => {
    api.own.mockResolvedValue(page([]));
    renderWith(<OwnAuditSection />);
    expect((await screen.findByTestId('audit-empty')).textContent).toBe('No account activity yet.');
  });
});
