import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ImportPreview, ImportRun } from '@teamline/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadUiAreas } from '../../../lib/i18n';
import type { RealtimeOptions } from '../../../lib/realtime-client';
import { ImportSection } from './ImportSection';

const api = vi.hoisted(() => ({ preview: vi.fn(), start: vi.fn(), get: vi.fn(), undo: vi.fn() }));
vi.mock('../api/import-api', () => ({ importApi: api }));
/** The page's socket: the test plays the server. */
const socket = vi.hoisted(() => ({ options: null as RealtimeOptions | null, stopped: 0 }));
vi.mock('../../../lib/realtime-client', () => ({
  connectRealtime: (options: RealtimeOptions) => {
    socket.options = options;
    return () => (socket.stopped += 1);
  },
}));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  socket.options = null;
});

const run = (over: Partial<ImportRun> = {}): ImportRun => ({
  importIdx: 9,
  projectIdx: 4,
  source: 'jira',
  fileName: 'jira.csv',
  state: 'running',
  progress: { done: 0, total: 60 },
  counts: { stories: 0, epics: 0, milestones: 0, comments: 0, alreadyImported: 0 },
  errorCode: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  undoneAt: null,
  ...over,
});
const push = (payload: ImportRun, projectIdx = 4) =>
  act(() => socket.options!.onEvent({ type: 'import.updated', projectIdx, payload }));

async function startImport(firstRead: Promise<ImportRun> = Promise.resolve(run())) {
  await act(() => loadUiAreas(['import']));
  api.preview.mockResolvedValue({
    source: 'jira',
    columns: [],
    mapping: {},
    counts: { stories: 60, epics: 0, milestones: 0, comments: 0, alreadyImported: 0 },
    statusMap: {},
    people: { matched: [], unmatched: [] },
    problems: [],
    moreProblems: 0,
  } satisfies ImportPreview);
  api.start.mockResolvedValue({ importIdx: 9 });
  api.get.mockReturnValueOnce(firstRead).mockResolvedValue(run());
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ImportSection projectIdx={4} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  fireEvent.change(screen.getByTestId('import-file'), {
    target: { files: [new File(['Summary\nA\n'], 'jira.csv', { type: 'text/csv' })] },
  });
  fireEvent.click(await screen.findByTestId('import-start'));
}

describe('Settings › Import progress, pushed', () => {
  it('says it is starting, not a made-up count, until the run is read', async () => {
    let answer: (value: ImportRun) => void = () => undefined;
    await startImport(new Promise<ImportRun>((resolve) => (answer = resolve)));
    expect(await screen.findByText('Starting the import…')).toBeTruthy();
    expect(screen.queryByText(/Importing…/)).toBeNull();
    await act(async () => answer(run()));
    expect(await screen.findByText('Importing… 0 of 60')).toBeTruthy();
  });

  it('shows the count an event carries at once, and the result at the end, without another read', async () => {
    await startImport();
    await screen.findByText('Importing… 0 of 60');
    act(() => socket.options!.onStatus?.('open'));
    await screen.findByText('Importing… 0 of 60');
    const reads = api.get.mock.calls.length;

    push(run({ progress: { done: 50, total: 60 } }));
    expect(await screen.findByText('Importing… 50 of 60')).toBeTruthy();
    // Another import, or another project's, changes nothing.
    push(run({ importIdx: 10, progress: { done: 60, total: 60 } }));
    push(run({ progress: { done: 60, total: 60 } }), 5);
    expect(await screen.findByText('Importing… 50 of 60')).toBeTruthy();

    const counts = { stories: 60, epics: 0, milestones: 0, comments: 0, alreadyImported: 0 };
    push(run({ state: 'done', progress: { done: 60, total: 60 }, counts }));
    expect(await screen.findByTestId('import-result')).toBeTruthy();
    expect(api.get.mock.calls.length).toBe(reads);
  });

  it('a read that left before an event does not take back what the event showed', async () => {
    await startImport();
    await screen.findByText('Importing… 0 of 60');
    let answer: (value: ImportRun) => void = () => undefined;
    api.get.mockReturnValueOnce(new Promise<ImportRun>((resolve) => (answer = resolve)));
    // The socket opens: the run is read once, for what happened before.
    act(() => socket.options!.onStatus?.('open'));
    push(run({ progress: { done: 50, total: 60 } }));
    await act(async () => answer(run({ progress: { done: 0, total: 60 } })));
    expect(await screen.findByText('Importing… 50 of 60')).toBeTruthy();
  });
});
