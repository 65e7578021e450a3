import type { DocumentDetail } from '@teamline/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Editor } from '@tiptap/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocumentPage } from './DocumentPage';
import { documentSummary } from './document.test-util';

const documentApi = vi.hoisted(() => ({ get: vi.fn(), update: vi.fn() }));
vi.mock('../api/document-api', async (importOriginal) => {
  const original = await importOriginal<{ documentApi: object }>();
  return { ...original, documentApi: { ...original.documentApi, ...documentApi } };
});
// Saved over REST (no live session): the mode where every save hands the page a new document.
vi.mock('../collaboration', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useLiveDocument: () => ({ state: 'unavailable' }),
}));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const doc = (over: Partial<DocumentDetail> = {}): DocumentDetail => ({
  ...documentSummary({ documentIdx: 5, title: 'Release' }),
  content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Ship it.' }] }] },
  text: 'Ship it.',
  shares: [],
  hasPublicLink: false,
  ...over,
});

describe('document page', () => {
  it('keeps the editor as it is while the page around it changes (a save, a renamed title)', async () => {
    documentApi.get.mockResolvedValue(doc());
    documentApi.update.mockImplementation(async (_idx: number, input: { title?: string }) =>
      doc({ title: input.title ?? 'Release', version: 2 }),
    );
    const setOptions = vi.spyOn(Editor.prototype, 'setOptions');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/document?documentIdx=5']}>
          <Routes>
            <Route path="/document" element={<DocumentPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const title = await screen.findByLabelText('Document title');
    await waitFor(() => expect(document.querySelector('.tiptap')?.textContent).toBe('Ship it.'));
    const settled = setOptions.mock.calls.length;
    // Each keystroke in the title renders the page; the save hands it a new document.
    fireEvent.change(title, { target: { value: 'Release plan' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_300)));
    await waitFor(() => expect(documentApi.update).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByTestId('save-state').textContent).toBe('Saved'));
    // Options handed to the editor again would reset ProseMirror's view under a keystroke.
    expect(setOptions.mock.calls.length).toBe(settled);
    expect(document.querySelector('.tiptap')?.getAttribute('aria-label')).toBe('Release plan');
  });
});
