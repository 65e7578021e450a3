import type { Folder } from '@teamline/contract';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../components/ui/Icon';

/** What a drag carries: a document or a folder, by id (HTML drag and drop; keyboard users use "Move to…"). */
export const DRAG_DOCUMENT = 'application/x-teamline-document';
export const DRAG_FOLDER = 'application/x-teamline-folder';

export type FolderSelection = number | 'all';

interface Props {
  folders: Folder[];
  selected: FolderSelection;
  onSelect: (folder: FolderSelection) => void;
  /** A document or folder dropped on a folder (null: the top level). */
  onDropDocument: (documentIdx: number, folderIdx: number | null) => void;
  onDropFolder: (folderIdx: number, parentIdx: number | null) => void;
  canEdit: boolean;
  onNewSubfolder: (parent: Folder) => void;
  onRename: (folder: Folder) => void;
  onDelete: (folder: Folder) => void;
  onShare: (folder: Folder) => void;
}

const carries = (event: DragEvent) =>
  event.dataTransfer.types.includes(DRAG_DOCUMENT) || event.dataTransfer.types.includes(DRAG_FOLDER);

/** The project's folders as a tree; each folder is a drop target for documents and folders. */
export function FolderTree(props: Props) {
  const { t } = useTranslation();
  const [over, setOver] = useState<number | 'top' | null>(null);
  const children = new Map<number | null, Folder[]>();
  for (const folder of props.folders) {
    const key = folder.parentIdx;
    children.set(key, [...(children.get(key) ?? []), folder]);
  }

  const dropProps = (target: number | null) => ({
    onDragOver: (event: DragEvent) => {
      if (!props.canEdit || !carries(event)) return;
      event.preventDefault();
      setOver(target ?? 'top');
    },
    onDragLeave: () => setOver(null),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setOver(null);
      const documentIdx = Number(event.dataTransfer.getData(DRAG_DOCUMENT));
      const folderIdx = Number(event.dataTransfer.getData(DRAG_FOLDER));
      if (documentIdx) props.onDropDocument(documentIdx, target);
      else if (folderIdx && folderIdx !== target) props.onDropFolder(folderIdx, target);
    },
  });

  const editActions: { label: string; icon: IconName; run: (folder: Folder) => void }[] = [
    { label: 'ui.document.newSubfolder', icon: 'plus', run: props.onNewSubfolder },
    { label: 'ui.document.renameFolder', icon: 'doc', run: props.onRename },
    { label: 'ui.document.deleteFolder', icon: 'trash', run: props.onDelete },
  ];
  const shareAction = { label: 'ui.document.shareFolder', icon: 'user' as IconName, run: props.onShare };
  const actionsOf = (folder: Folder) => [
    ...(props.canEdit ? editActions : []),
    ...(folder.can.share ? [shareAction] : []),
  ];
  /** Shared folders are marked: to those who shared them, and to those they are shared with. */
  const sharedLabel = (folder: Folder) =>
    folder.sharedAccess
      ? t(`ui.document.sharedWithYou.${folder.sharedAccess}`)
      : folder.shares.length > 0
        ? t('ui.document.sharedFolder')
        : null;

  const branch = (parent: number | null, depth: number) =>
    (children.get(parent) ?? []).map((folder) => (
      <li key={folder.folderIdx}>
        <div
          className={`folder-tree__item${props.selected === folder.folderIdx ? ' is-selected' : ''}${
            over === folder.folderIdx ? ' is-drop' : ''
          }`}
          style={{ paddingInlineStart: `${0.5 + depth * 1}rem` }}
          draggable={props.canEdit}
          onDragStart={(event) => event.dataTransfer.setData(DRAG_FOLDER, String(folder.folderIdx))}
          {...dropProps(folder.folderIdx)}
        >
          <button
            type="button"
            className="folder-tree__name"
            aria-current={props.selected === folder.folderIdx ? 'true' : undefined}
            // The mark is an icon: its words are in the name ("Contracts, Shared folder").
            aria-label={sharedLabel(folder) ? `${folder.name}, ${sharedLabel(folder)}` : undefined}
            onClick={() => props.onSelect(folder.folderIdx)}
          >
            <Icon name="folder" size={18} />
            <span>{folder.name}</span>
            {sharedLabel(folder) && (
              <span className="folder-tree__shared" title={sharedLabel(folder)!}>
                <Icon name="user" size={14} />
              </span>
            )}
          </button>
          {props.selected === folder.folderIdx && actionsOf(folder).length > 0 && (
            <span className="folder-tree__actions">
              {actionsOf(folder).map(({ label, icon, run }) => (
                <button
                  key={label}
                  type="button"
                  className="icon-btn"
                  title={t(label)}
                  aria-label={t(label)}
                  onClick={() => run(folder)}
                >
                  <Icon name={icon} size={16} />
                </button>
              ))}
            </span>
          )}
        </div>
        {children.has(folder.folderIdx) && <ul>{branch(folder.folderIdx, depth + 1)}</ul>}
      </li>
    ));

  return (
    <nav className="folder-tree" aria-label={t('ui.document.folders')}>
      <ul>
        <li>
          <div
            className={`folder-tree__item${props.selected === 'all' ? ' is-selected' : ''}${
              over === 'top' ? ' is-drop' : ''
            }`}
            {...dropProps(null)}
          >
            <button
              type="button"
              className="folder-tree__name"
              aria-current={props.selected === 'all' ? 'true' : undefined}
              onClick={() => props.onSelect('all')}
            >
              <Icon name="doc" size={18} />
              <span>{t('ui.document.allDocuments')}</span>
            </button>
          </div>
        </li>
        {branch(null, 0)}
      </ul>
    </nav>
  );
}
