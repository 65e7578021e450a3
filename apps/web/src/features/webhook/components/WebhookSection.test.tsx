import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Webhook } from '@teamline/contract';
import { errors as krErrors } from '@teamline/contract/i18n/kr/errors';
import { webhookUi as krWebhook } from '@teamline/contract/i18n/kr/ui-webhook';
import { webhookUi as viWebhook } from '@teamline/contract/i18n/vi/ui-webhook';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAlertStore } from '../../../components/ui/alert-store';
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
  rotateSecret: vi.fn(),
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
  eventNames: [],
  previousSecretUntil: null,
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

  it('a standard hook picks catalogue events by group, in Korean, and shows its secret once after saving', async () => {
    await act(() => setLanguage('kr'));
    api.list.mockResolvedValue([]);
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    api.create.mockResolvedValueOnce({
      ...hook({ type: 'standard', categories: [], events: [], eventNames: ['story.created'] }),
      secret,
    });
    renderSection();
    fireEvent.click(await screen.findByTestId('webhook-add'));
    fireEvent.change(screen.getByTestId('webhook-type'), { target: { value: 'standard' } });
    // The picker replaces categories × events and the message language.
    const picker = await screen.findByTestId('webhook-event-picker');
    expect(screen.queryByRole('group', { name: krWebhook.form.categories })).toBeNull();
    expect(screen.queryByText(krWebhook.form.language)).toBeNull();
    const stories = screen.getByRole('group', { name: krWebhook.standard.groups.story });
    expect(picker.contains(stories)).toBe(true);
    expect(screen.getByRole('group', { name: krWebhook.standard.groups.settlement })).toBeTruthy();
    fireEvent.click(
      Array.from(stories.querySelectorAll('label')).find(
        (l) => l.textContent === krWebhook.standard.events.story.created,
      )!,
    );
    fireEvent.change(screen.getByTestId('webhook-url'), {
      target: { value: 'https://hooks.example.com/in' },
    });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() =>
      expect(api.create).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'standard', eventNames: ['story.created'] }),
      ),
    );
    // Shown once, with a copy button; "done" closes.
    expect((await screen.findByTestId<HTMLInputElement>('webhook-secret-value')).value).toBe(secret);
    expect(screen.getByText(krWebhook.standard.secretOnce)).toBeTruthy();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(screen.getByTestId('webhook-secret-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(secret));
    fireEvent.click(screen.getByRole('button', { name: krWebhook.standard.done }));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
  });

  it('a standard hook lists its event count, rotates its secret after asking, and shows the new one once', async () => {
    const until = new Date(Date.now() + 86_400_000).toISOString();
    api.list.mockResolvedValue([
      hook({ type: 'standard', categories: [], events: [], eventNames: ['story.created', 'story.updated'] }),
    ]);
    api.rotateSecret.mockResolvedValueOnce({
      secret: 'whsec_bmV3LXNlY3JldC1ieXRlcy0xMjM0NTY3OA==',
      previousSecretUntil: until,
    });
    renderSection();
    expect(await screen.findByText('Sends 2 events')).toBeTruthy();
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
    fireEvent.click(screen.getByTestId('webhook-rotate'));
    await waitFor(() => expect(useAlertStore.getState().current?.text).toMatch(/24 hours/));
    expect(api.rotateSecret).not.toHaveBeenCalled();
    act(() => useAlertStore.getState().current!.resolve(true));
    await waitFor(() => expect(api.rotateSecret).toHaveBeenCalledWith(7));
    expect((await screen.findByTestId<HTMLInputElement>('webhook-secret-value')).value).toBe(
      'whsec_bmV3LXNlY3JldC1ieXRlcy0xMjM0NTY3OA==',
    );
  });

  it('says when the list cannot be loaded, and loads again on retry', async () => {
    api.list.mockRejectedValueOnce(new ApiError('WEBHOOK_NOT_FOUND', 404)).mockResolvedValueOnce([]);
    renderSection();
    expect((await screen.findByRole('alert')).textContent).toContain('Webhook not found.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No webhooks yet/)).toBeTruthy();
  });
});
