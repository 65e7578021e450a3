import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { errors as enErrors } from '@teamline/contract/i18n/en/errors';
import { aiUi } from '@teamline/contract/i18n/en/ui-ai';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { useToastStore } from '../../../stores/toast-store';
import type { TimelineDraft } from '@teamline/contract';
import type { AiJob } from '../api/ai-types';
import { AiTimelineDialog } from './AiTimelineDialog';

const api = vi.hoisted(() => ({
  writeDocument: vi.fn(),
  job: vi.fn(),
  cancel: vi.fn(),
  apply: vi.fn(),
  timelineFromFile: vi.fn(),
}));
vi.mock('../api/ai-api', async (importOriginal) => ({ ...(await importOriginal<object>()), aiApi: api }));

beforeEach(() => useToastStore.getState().reset());
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const draft: TimelineDraft = {
  milestones: [
    {
      key: 'm1',
      title: 'Beta',
      startDt: '20260301',
      endDt: '20260331',
      include: true,
      source: { excerpt: '## Beta', page: null, line: null },
      stories: [
        {
          key: 'm1.s1',
          title: 'Cart',
          startDt: null,
          endDt: null,
          epic: null,
          include: true,
          source: { excerpt: '- Cart', page: null, line: null },
        },
      ],
    },
  ],
};
const job = (over: Partial<AiJob>): AiJob => ({
  jobIdx: 5,
  projectIdx: 4,
  provider: 'offline',
  kind: 'timeline',
  fileName: 'plan.txt',
  createdAt: '2026-11-27T00:00:00.000Z',
  state: 'running',
  progress: { done: 1, total: 3 },
  errorCode: null,
  draft: null,
  documentIdx: null,
  ...over,
});

function open(onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  render(
    <QueryClientProvider client={client}>
      <AiTimelineDialog projectIdx={4} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose, invalidate };
}
async function uploadPlan() {
  fireEvent.change(screen.getByTestId('ai-file'), { target: { files: [new File(['# Plan'], 'plan.txt')] } });
  await act(async () => fireEvent.click(screen.getByTestId('ai-upload')));
}

describe('AiTimelineDialog', () => {
  it('uploads, follows the job, reviews the draft and applies it exactly once', async () => {
    api.timelineFromFile.mockImplementation((_p: number, _f: File, progress: (n: number) => void) => {
      progress(50);
      return Promise.resolve({ jobIdx: 5 });
    });
    api.job.mockResolvedValueOnce(job({}));
    api.job.mockResolvedValue(job({ state: 'done', progress: { done: 5, total: 5 }, draft }));
    let finish!: (v: unknown) => void;
    api.apply.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { onClose, invalidate } = open();
    await uploadPlan();
    expect(api.timelineFromFile.mock.calls[0]![0]).toBe(4);
    expect(await screen.findByTestId('ai-job-progress')).toBeTruthy();
    const apply = await screen.findByTestId('ai-apply', undefined, { timeout: 3000 });
    fireEvent.click(apply);
    fireEvent.click(apply);
    await waitFor(() => expect(api.apply).toHaveBeenCalled());
    fireEvent.click(apply);
    expect(api.apply).toHaveBeenCalledTimes(1);
    expect((apply as HTMLButtonElement).disabled).toBe(true);
    expect(api.apply.mock.calls[0]![0]).toBe(5);
    expect(api.apply.mock.calls[0]![1]).toEqual({
      milestones: [
        {
          key: 'm1',
          include: true,
          title: 'Beta',
          startDt: '20260301',
          endDt: '20260331',
          source: { excerpt: '## Beta', page: null, line: null },
          stories: [
            {
              key: 'm1.s1',
              include: true,
              title: 'Cart',
              startDt: null,
              endDt: null,
              epic: null,
              source: { excerpt: '- Cart', page: null, line: null },
            },
          ],
        },
      ],
    });
    await act(async () => finish({ milestoneIdxs: [1], storyIdxs: [2] }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['planning', 4] });
    expect(useToastStore.getState().toasts.map((t) => t.text)).toContain(
      'The timeline was created: 1 milestone and 1 story.',
    );
  });

  it('cancels a running job and goes back to the file with the reason', async () => {
    api.timelineFromFile.mockResolvedValue({ jobIdx: 5 });
    api.job.mockResolvedValue(job({}));
    api.cancel.mockResolvedValue(undefined);
    open();
    await uploadPlan();
    await screen.findByTestId('ai-job-progress');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: aiUi.job.cancel })));
    expect(api.cancel).toHaveBeenCalledWith(5);
    expect(await screen.findByText(aiUi.job.cancelled)).toBeTruthy();
    expect(screen.getByTestId('ai-file')).toBeTruthy();
  });

  it('shows a failed job and a refused upload as translated errors', async () => {
    api.timelineFromFile.mockResolvedValueOnce({ jobIdx: 5 });
    api.job.mockResolvedValue(job({ state: 'failed', errorCode: 'AI_FILE_NO_TEXT' }));
    open();
    await uploadPlan();
    expect((await screen.findByTestId('ai-file-error')).textContent).toBe(enErrors.AI_FILE_NO_TEXT);

    api.timelineFromFile.mockRejectedValueOnce(new ApiError('AI_PROVIDER_FAILED', 502));
    await uploadPlan();
    await waitFor(() =>
      expect(screen.getByTestId('ai-file-error').textContent).toBe(enErrors.AI_PROVIDER_FAILED),
    );
  });
});
