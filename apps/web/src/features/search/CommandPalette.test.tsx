import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SearchHit } from '@teamline/contract';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CommandPalette, readRecents } from './CommandPalette';
import { SearchButton } from './components/SearchButton';

const get = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', () => ({ api: { get } }));

const hit = (over: Partial<SearchHit>): SearchHit => ({
  kind: 'story',
  idx: 7,
  projectIdx: 3,
  projectName: 'Shop',
  key: 'SHOP-7',
  title: 'Checkout flow',
  titleRanges: [[0, 8]],
  snippet: '',
  snippetRanges: [],
  exact: true,
  ...over,
});

function Where() {
  const location = useLocation();
  return <span data-testid="where">{location.pathname + location.search}</span>;
}

const renderPalette = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <SearchButton />
                <CommandPalette actions={[{ id: 'settings', label: 'Project settings', to: '/setting' }]} />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const openPalette = () => fireEvent.keyDown(window, { key: 'k', ctrlKey: true });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('command palette (issue 34)', () => {
  it('opens with Ctrl-K on a combobox, shows actions when empty, and Esc closes it, focus back where it was', () => {
    renderPalette();
    const before = document.createElement('button');
    document.body.append(before);
    before.focus();
    expect(screen.queryByRole('combobox')).toBeNull();
    openPalette();
    const input = screen.getByRole('combobox');
    expect(document.activeElement).toBe(input);
    expect(screen.getByRole('option', { name: /Project settings/ })).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Tab' });
    expect(document.activeElement).toBe(input);
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(document.activeElement).toBe(before);
    before.remove();
  });

  it("opens from the header's search button too, and gives focus back to it", () => {
    renderPalette();
    const button = screen.getByTestId('search-button');
    expect(button.getAttribute('aria-label')).toBeTruthy();
    expect(button.getAttribute('aria-label')).not.toMatch(/^ui\./);
    button.focus();
    fireEvent.click(button);
    const input = screen.getByRole('combobox');
    expect(document.activeElement).toBe(input);
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('searches after typing, announces the count, moves with the arrows and opens the result with Enter', async () => {
    get.mockResolvedValue({
      items: [
        hit({}),
        hit({ kind: 'document', idx: 9, key: null, title: 'Checkout notes', titleRanges: [[0, 8]] }),
      ],
      page: 1,
      hasMore: false,
    });
    renderPalette();
    openPalette();
    const input = screen.getByRole('combobox');
    fireEvent.change(input, { target: { value: 'checkout' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('2 results'));
    expect(get).toHaveBeenCalledWith('search', expect.objectContaining({ query: { q: 'checkout' } }));
    const options = screen.getAllByRole('option');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.querySelector('mark')?.textContent).toBe('Checkout');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('where').textContent).toBe('/timeline/3?selectedStory=7');
    expect(readRecents().map((r) => r.id)).toEqual(['story-7']);

    // Recent items come first when the query is empty.
    openPalette();
    const recent = screen.getAllByRole('option');
    expect(recent[0]!.textContent).toContain('SHOP-7 Checkout flow');
  });

  it('says when nothing is found and when search fails', async () => {
    get.mockResolvedValueOnce({ items: [], page: 1, hasMore: false });
    renderPalette();
    openPalette();
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'zzz' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Nothing found.'));
    get.mockRejectedValueOnce(new Error('down'));
    await act(async () => {
      fireEvent.change(screen.getByRole('combobox'), { target: { value: 'yyy' } });
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/not available/));
  });
});
