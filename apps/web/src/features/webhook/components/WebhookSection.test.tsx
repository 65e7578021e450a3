import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Webhook } from '@teamline/contract';
import { errors as krErrors } from '@teamline/contract/i18n/kr/errors';
import { webhookUi as viWebhook } from '@teamline/contract/i18n/vi/ui-webhook';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { setLanguage } from '../../../lib/i18n';
import { useToastStore } from '../../../stores/toast-store';
import { WebhookSection } from './WebhookSection';

const api = vi.hoisted(() => ({
  list: vi.fn(),
  create: vi.fn(),
  update: vi.fn(),
  remove: vi.fn(),
  test: vi.fn(),
  deliveries: vi.fn(),
  retry: vi.fn(),
}));
vi.mock('../api/webhook-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  webhookApi: api,
}));

afterEach(async () => {
  cleanup();
  vi.clearAllMocks();
  await act(() => setLanguage('en'));
});

const hook = (over: Partial<Webhook> = {}): Webhook => ({
  webhookIdx: 7,
  projectIdx: 4,
  name: null,
  type: 'teams',
  url: 'https://example.logic.azure.com/workflows/abc',
  categories: ['story'],
  events: ['new', 'edit'],
  language: 'en',
  status: 'ACTIVE',
  disabledAt: null,
  disabledReason: null,
  lastDeliveryAt: null,
  lastDeliveryStatus: null,
  createdAt: '2026-11-24T00:00:00.000Z',
  updatedAt: '2026-11-24T00:00:00.000Z',
  ...over,
});

const renderSection = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <WebhookSection projectIdx={4} />
    </QueryClientProvider>,
  );

describe('Settings › Webhooks', () => {
  it('says when there is none, and a bad address is refused on its field before anything is sent', async () => {
    api.list.mockResolvedValue([]);
    renderSection();
    expect(await screen.findByText(/No webhooks yet/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('webhook-add'));
    fireEvent.change(screen.getByTestId('webhook-url'), { target: { value: 'hooks dot slack' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Enter a valid webhook URL starting with http:// or https://.'),
    ).toBeTruthy();
    expect(api.create).not.toHaveBeenCalled();
  });

  it("puts the server's private-address refusal on the URL field, in Korean", async () => {
    await act(() => setLanguage('kr'));
    api.list.mockResolvedValue([]);
    api.create.mockRejectedValueOnce(new ApiError('WEBHOOK_URL_PRIVATE', 400));
    renderSection();
    fireEvent.click(await screen.findByTestId('webhook-add'));
    fireEvent.change(screen.getByTestId('webhook-url'), { target: { value: 'http://10.0.0.5/hook' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText(krErrors.WEBHOOK_URL_PRIVATE)).toBeTruthy();
    expect(api.create).toHaveBeenCalledWith(
      expect.objectContaining({ projectIdx: 4, type: 'slack', url: 'http://10.0.0.5/hook' }),
    );
  });

  it('says the webhook was saved, in the reader’s language, and closes the form', async () => {
    await act(() => setLanguage('vi'));
    useToastStore.getState().reset();
    api.list.mockResolvedValue([]);
    api.create.mockResolvedValueOnce(hook());
    renderSection();
    fireEvent.click(await screen.findByTestId('webhook-add'));
    fireEvent.change(screen.getByTestId('webhook-url'), { target: { value: 'https://hooks.slack.com/x' } });
    fireEvent.click(screen.getByRole('button', { name: viWebhook.form.save }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts).toContainEqual(
        expect.objectContaining({ text: viWebhook.form.saved, icon: 'success' }),
      ),
    );
    await waitFor(() => expect(screen.queryByTestId('webhook-url')).toBeNull());
  });

  it('shows what the receiver answered to a test: Teams accepts and posts later', async () => {
    api.list.mockResolvedValue([hook()]);
    api.test.mockResolvedValueOnce({ ok: true, statusCode: 202, responseExcerpt: null, asynchronous: true });
    renderSection();
    expect(await screen.findByText('Sends Stories · New, Edited')).toBeTruthy();
    fireEvent.click(screen.getByTestId('webhook-test'));
    expect((await screen.findByTestId('webhook-test-result')).textContent).toContain(
      'Teams accepted the test message (HTTP 202) and posts it asynchronously',
    );
  });

  it('a hook the server switched off says why, and the log offers "retry now" for a failed delivery', async () => {
    api.list.mockResolvedValue([
      hook({ type: 'slack', status: 'INACTIVE', disabledReason: '410 channel_is_archived' }),
    ]);
    api.deliveries.mockResolvedValue({
      deliveries: [
        {
          deliveryIdx: 3,
          webhookIdx: 7,
          eventName: 'story.created',
          status: 'failed',
          statusCode: 410,
          attempts: 1,
          nextAttemptAt: null,
          responseExcerpt: 'channel_is_archived',
          createdAt: '2026-11-24T01:00:00.000Z',
          deliveredAt: null,
        },
      ],
    });
    api.retry.mockResolvedValueOnce({});
    renderSection();
    expect(await screen.findByText(/answered 410 channel_is_archived/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('webhook-log-toggle'));
    fireEvent.click(await screen.findByRole('button', { name: 'Retry now' }));
    await waitFor(() => expect(api.retry).toHaveBeenCalledWith(3));
  });
});
