import type { DocumentSummary, Folder } from '@teamline/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { documentUi } from '@teamline/contract/i18n/en/ui-document';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocumentTable } from './DocumentTable';
import { DRAG_DOCUMENT, FolderTree } from './FolderTree';
import { documentSummary } from './document.test-util';

afterEach(cleanup);

const folder = (
  folderIdx: number,
  name: string,
  parentIdx: number | null = null,
  over: Partial<Folder> = {},
): Folder => ({
  folderIdx,
  projectIdx: 1,
  parentIdx,
  name,
  createdByIdx: 1,
  createdAt: '2026-11-27T00:00:00.000Z',
  can: { share: false, addDocument: true },
  shares: [],
  sharedAccess: null,
  ...over,
});
const doc = (over: Partial<DocumentSummary>) => documentSummary(over);

describe('the document list', () => {
  it('shows pages as links, files with their type icon, badges and the snippet', () => {
    render(
      <MemoryRouter>
        <DocumentTable
          documents={[
            doc({ documentIdx: 1, aiType: 'weeklyReport', visibility: 'private' }),
            doc({ documentIdx: 2, kind: 'file', title: 'budget.xlsx', fileName: 'budget.xlsx', fileIdx: 9 }),
          ]}
          folders={[folder(3, 'Specs')]}
          nicknameOf={() => 'dev'}
          canMove
          onMove={vi.fn()}
          onDelete={vi.fn()}
          onDownload={vi.fn()}
        />
      </MemoryRouter>,
    );
    const [page, file] = screen.getAllByRole('listitem');
    expect(within(page!).getByRole('link', { name: 'Release plan' }).getAttribute('href')).toBe(
      '/document?documentIdx=1',
    );
    expect(within(page!).getByText('Ship the payment module')).toBeTruthy();
    expect(within(page!).getByText(documentUi.aiBadge)).toBeTruthy();
    expect(within(page!).getByText(documentUi.private)).toBeTruthy();
    expect(file!.querySelector('svg[data-kind="xls"]')).not.toBeNull();
  });

  it('moves to the top level or a folder, and offers delete only to those who may', () => {
    const onMove = vi.fn();
    const onDelete = vi.fn();
    const mine = doc({ documentIdx: 1, folderIdx: 3 });
    const theirs = doc({
      documentIdx: 2,
      title: 'Their notes',
      can: { edit: true, share: false, delete: false },
    });
    render(
      <MemoryRouter>
        <DocumentTable
          documents={[mine, theirs]}
          folders={[folder(3, 'Specs'), folder(4, 'API', 3)]}
          nicknameOf={() => ''}
          canMove
          onMove={onMove}
          onDelete={onDelete}
          onDownload={vi.fn()}
        />
      </MemoryRouter>,
    );
    const [first, second] = screen.getAllByRole('listitem');
    const select = within(first!).getByRole('combobox');
    // The folder it is in is not offered.
    expect(within(select).queryByRole('option', { name: 'Specs' })).toBeNull();
    fireEvent.change(select, { target: { value: 'top' } });
    expect(onMove).toHaveBeenLastCalledWith(mine, null);
    fireEvent.change(select, { target: { value: '4' } });
    expect(onMove).toHaveBeenLastCalledWith(mine, 4);
    fireEvent.click(within(first!).getByRole('button', { name: /Release plan/ }));
    expect(onDelete).toHaveBeenCalledWith(mine);
    expect(within(second!).queryByRole('button', { name: /Their notes/ })).toBeNull();
  });
});

describe('the folder tree', () => {
  it('nests folders, selects one, and takes a dropped document into it', () => {
    const onSelect = vi.fn();
    const onDropDocument = vi.fn();
    render(
      <FolderTree
        folders={[folder(3, 'Specs'), folder(4, 'API', 3)]}
        selected={3}
        onSelect={onSelect}
        onDropDocument={onDropDocument}
        onDropFolder={vi.fn()}
        canEdit
        onNewSubfolder={vi.fn()}
        onRename={vi.fn()}
        onDelete={vi.fn()}
        onShare={vi.fn()}
      />,
    );
    const specs = screen.getByRole('button', { name: 'Specs' });
    expect(specs.getAttribute('aria-current')).toBe('true');
    // API is inside Specs' list item.
    expect(within(specs.closest('li')!).getByRole('button', { name: 'API' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'API' }));
    expect(onSelect).toHaveBeenCalledWith(4);
    const data = new Map([[DRAG_DOCUMENT, '7']]);
    const dataTransfer = { types: [DRAG_DOCUMENT], getData: (type: string) => data.get(type) ?? '' };
    const target = screen.getByRole('button', { name: 'API' }).parentElement!;
    fireEvent.dragOver(target, { dataTransfer });
    fireEvent.drop(target, { dataTransfer });
    expect(onDropDocument).toHaveBeenCalledWith(7, 4);
    fireEvent.drop(screen.getByRole('button', { name: documentUi.allDocuments }).parentElement!, {
      dataTransfer,
    });
    expect(onDropDocument).toHaveBeenLastCalledWith(7, null);
  });

  it('offers sharing only on folders the member manages, and marks shared folders', () => {
    const onShare = vi.fn();
    const share = { shareIdx: 1, folderIdx: 3, memberIdx: 2, access: 'view' as const, createdAt: '' };
    const props = {
      onSelect: vi.fn(),
      onDropDocument: vi.fn(),
      onDropFolder: vi.fn(),
      onNewSubfolder: vi.fn(),
      onRename: vi.fn(),
      onDelete: vi.fn(),
      onShare,
    };
    const { rerender } = render(
      <FolderTree
        {...props}
        folders={[folder(3, 'Specs', null, { can: { share: true, addDocument: true }, shares: [share] })]}
        selected={3}
        canEdit
      />,
    );
    expect(screen.getByRole('button', { name: `Specs, ${documentUi.sharedFolder}` })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: documentUi.shareFolder }));
    expect(onShare).toHaveBeenCalledWith(expect.objectContaining({ folderIdx: 3 }));

    // A client it is shared with: marked with their access, no actions at all.
    rerender(
      <FolderTree
        {...props}
        folders={[
          folder(3, 'Specs', null, { can: { share: false, addDocument: true }, sharedAccess: 'edit' }),
        ]}
        selected={3}
        canEdit={false}
      />,
    );
    expect(screen.getByRole('button', { name: `Specs, ${documentUi.sharedWithYou.edit}` })).toBeTruthy();
    expect(screen.queryByRole('button', { name: documentUi.shareFolder })).toBeNull();
    expect(screen.queryByRole('button', { name: documentUi.deleteFolder })).toBeNull();
  });
});
