import type { DocumentSummary, Folder } from '@teamline/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FileTypeIcon } from '../../../components/ui/FileTypeIcon';
import { Icon } from '../../../components/ui/Icon';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { DRAG_DOCUMENT } from './FolderTree';

interface Props {
  documents: DocumentSummary[];
  folders: Folder[];
  nicknameOf: (memberIdx: number) => string;
  canMove: boolean;
  onMove: (document: DocumentSummary, folderIdx: number | null) => void;
  onDelete: (document: DocumentSummary) => void;
  onDownload: (document: DocumentSummary) => void;
}

export const documentPath = (documentIdx: number) => `/document?documentIdx=${documentIdx}`;

/** The documents of the selected folder: type icon, title and snippet, last change; drag onto a folder to move. */
export function DocumentTable({
  documents,
  folders,
  nicknameOf,
  canMove,
  onMove,
  onDelete,
  onDownload,
}: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <ul className="document-list" data-testid="document-list">
      {documents.map((doc) => (
        <li
          key={doc.documentIdx}
          className="document-row"
          draggable={canMove && doc.can.edit}
          onDragStart={(event) => event.dataTransfer.setData(DRAG_DOCUMENT, String(doc.documentIdx))}
        >
          <span className="document-row__icon">
            {doc.kind === 'file' ? (
              <FileTypeIcon fileName={doc.fileName ?? doc.title} size={32} />
            ) : (
              <Icon name="doc" size={28} />
            )}
          </span>
          <span className="document-row__main">
            {doc.kind === 'file' ? (
              <button type="button" className="document-row__title link-btn" onClick={() => onDownload(doc)}>
                {doc.title}
              </button>
            ) : (
              <Link className="document-row__title" to={documentPath(doc.documentIdx)}>
                {doc.title}
              </Link>
            )}
            {doc.aiType && <span className="badge badge--ai">{t('ui.document.aiBadge')}</span>}
            {doc.visibility === 'private' && <span className="badge">{t('ui.document.private')}</span>}
            {doc.snippet && <span className="document-row__snippet">{doc.snippet}</span>}
          </span>
          <span className="document-row__meta">
            {formatDateTime(doc.updatedAt, lang)} · {nicknameOf(doc.updatedByIdx)}
          </span>
          <span className="document-row__actions">
            {canMove && doc.can.edit && (
              <select
                aria-label={t('ui.document.moveTo')}
                value=""
                onChange={(event) => {
                  const value = event.target.value;
                  if (value) onMove(doc, value === 'top' ? null : Number(value));
                }}
              >
                <option value="">{t('ui.document.moveTo')}</option>
                <option value="top">{t('ui.document.topLevel')}</option>
                {folders
                  .filter((f) => f.folderIdx !== doc.folderIdx)
                  .map((f) => (
                    <option key={f.folderIdx} value={f.folderIdx}>
                      {f.name}
                    </option>
                  ))}
              </select>
            )}
            {doc.can.delete && (
              <button
                type="button"
                className="icon-btn"
                aria-label={`${t('ui.document.delete')}: ${doc.title}`}
                title={t('ui.document.delete')}
                onClick={() => onDelete(doc)}
              >
                <Icon name="trash" size={18} />
              </button>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
