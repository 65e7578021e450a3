import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { errors as enErrors } from '@teamline/contract/i18n/en/errors';
import { aiUi } from '@teamline/contract/i18n/en/ui-ai';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AiJob } from '../api/ai-types';
import { AiDocumentDialog } from './AiDocumentDialog';

const api = vi.hoisted(() => ({
  writeDocument: vi.fn(),
  job: vi.fn(),
  cancel: vi.fn(),
  apply: vi.fn(),
  timelineFromFile: vi.fn(),
}));
vi.mock('../api/ai-api', async (importOriginal) => ({ ...(await importOriginal<object>()), aiApi: api }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const job = (over: Partial<AiJob>): AiJob => ({
  jobIdx: 9,
  projectIdx: 4,
  provider: 'offline',
  kind: 'document',
  fileName: null,
  createdAt: '2026-11-27T00:00:00.000Z',
  state: 'running',
  progress: { done: 2, total: 5 },
  errorCode: null,
  draft: null,
  documentIdx: null,
  ...over,
});

function open(onCreated = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AiDocumentDialog projectIdx={4} folderIdx={12} onClose={vi.fn()} onCreated={onCreated} />
    </QueryClientProvider>,
  );
  return onCreated;
}
const setField = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () =>
  act(async () => fireEvent.click(screen.getByRole('button', { name: aiUi.document.submit })));

describe('AiDocumentDialog', () => {
  it('needs a type and a reference date, shown on their fields, and sends nothing', async () => {
    open();
    await submit();
    expect(await screen.findByText(aiUi.document.typeRequired)).toBeTruthy();
    expect(screen.getByText(aiUi.document.dateRequired)).toBeTruthy();
    expect(api.writeDocument).not.toHaveBeenCalled();
  });

  it('fills a report’s period from its type and reference date, which the user may change (issue 33)', async () => {
    open();
    setField(aiUi.document.type, 'weeklyReport');
    setField(aiUi.document.referenceDate, '2026-03-11');
    const value = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;
    // A Wednesday: its week, Monday to Sunday.
    await waitFor(() => expect(value(aiUi.document.periodStart)).toBe('2026-03-09'));
    expect(value(aiUi.document.periodEnd)).toBe('2026-03-15');
    setField(aiUi.document.type, 'monthlyReport');
    await waitFor(() => expect(value(aiUi.document.periodStart)).toBe('2026-03-01'));
    expect(value(aiUi.document.periodEnd)).toBe('2026-03-31');
    // A period the user typed stays when the reference date moves.
    setField(aiUi.document.periodStart, '2026-02-20');
    setField(aiUi.document.referenceDate, '2026-04-02');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(value(aiUi.document.periodStart)).toBe('2026-02-20');
    expect(value(aiUi.document.periodEnd)).toBe('2026-03-31');
  });

  it('asks a report for both period dates, start before end', async () => {
    open();
    setField(aiUi.document.type, 'weeklyReport');
    setField(aiUi.document.referenceDate, '2026-03-09');
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>(aiUi.document.periodStart).value).not.toBe(''),
    );
    setField(aiUi.document.periodStart, '');
    setField(aiUi.document.periodEnd, '');
    await submit();
    expect(await screen.findAllByText(aiUi.document.periodRequired)).toHaveLength(2);

    setField(aiUi.document.periodStart, '2026-03-08');
    setField(aiUi.document.periodEnd, '2026-03-02');
    await submit();
    expect(await screen.findByText(aiUi.document.periodOrder)).toBeTruthy();
    setField(aiUi.document.periodEnd, '2026-03-08');
    await submit();
    expect(await screen.findByText(aiUi.document.periodOrder)).toBeTruthy();
    expect(api.writeDocument).not.toHaveBeenCalled();

    api.writeDocument.mockResolvedValue({ jobIdx: 9 });
    api.job.mockResolvedValue(job({}));
    setField(aiUi.document.periodStart, '2026-03-02');
    await submit();
    await waitFor(() => expect(api.writeDocument).toHaveBeenCalledTimes(1));
    expect(api.writeDocument).toHaveBeenCalledWith({
      projectIdx: 4,
      type: 'weeklyReport',
      referenceDt: '20260309',
      periodStartDt: '20260302',
      periodEndDt: '20260308',
      folderIdx: 12,
    });
  });

  it('sends meeting minutes without a period, shows the job, then hands over the document once', async () => {
    api.writeDocument.mockResolvedValue({ jobIdx: 9 });
    api.job.mockResolvedValueOnce(job({ state: 'running', progress: { done: 2, total: 5 } }));
    api.job.mockResolvedValue(job({ state: 'done', progress: { done: 5, total: 5 }, documentIdx: 77 }));
    const onCreated = open();
    setField(aiUi.document.type, 'meetingMinutes');
    expect(screen.queryByLabelText(aiUi.document.periodStart)).toBeNull();
    setField(aiUi.document.referenceDate, '2026-03-09');
    await submit();
    expect(api.writeDocument).toHaveBeenCalledWith({
      projectIdx: 4,
      type: 'meetingMinutes',
      referenceDt: '20260309',
      folderIdx: 12,
    });
    expect(await screen.findByTestId('ai-job-progress')).toBeTruthy();
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(77), { timeout: 3000 });
    expect(onCreated).toHaveBeenCalledTimes(1);
  });

  it('shows why a job failed and lets the user try again', async () => {
    api.writeDocument.mockResolvedValue({ jobIdx: 9 });
    api.job.mockResolvedValue(job({ state: 'failed', errorCode: 'AI_PROVIDER_FAILED' }));
    open();
    setField(aiUi.document.type, 'requirements');
    setField(aiUi.document.referenceDate, '2026-03-09');
    await submit();
    expect(await screen.findByText(enErrors.AI_PROVIDER_FAILED)).toBeTruthy();
    expect(screen.getByTestId('ai-document-form')).toBeTruthy();
  });
});
