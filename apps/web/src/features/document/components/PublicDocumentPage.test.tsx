import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { checklistDoc } from './checklist.test-util';
import { PublicDocumentPage } from './PublicDocumentPage';

const publicDocument = vi.hoisted(() => vi.fn());
vi.mock('../api/document-api', async (importOriginal) => {
  const original = await importOriginal<{ documentApi: object }>();
  return { ...original, documentApi: { ...original.documentApi, publicDocument } };
});

afterEach(async () => {
  cleanup();
  await act(() => setLanguage('en'));
});

const checklist = checklistDoc(['Tell the client', false]);

describe('public document page', () => {
  it('names the checklist checkboxes in the visitor’s language, also after the language settles', async () => {
    publicDocument.mockResolvedValue({
      title: 'Launch',
      content: checklist,
      updatedAt: '2026-11-28T00:00:00Z',
    });
    const { container } = render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/public/document/abc']}>
          <Routes>
            <Route path="/public/document/:token" element={<PublicDocumentPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const label = () => container.querySelector('input[type="checkbox"]')?.getAttribute('aria-label');
    await waitFor(() => expect(label()).toBe('Task: Tell the client'));
    // The visitor's language is known only after the first paint: the page is drawn again in it.
    await act(() => setLanguage('vi'));
    await waitFor(() => expect(label()).toBe('Việc cần làm: Tell the client'));
  });
});
