import type { DocumentDetail } from '@teamline/contract';
import { useQuery } from '@tanstack/react-query';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useProjectMembers } from '../../../lib/use-project-members';
import { documentApi } from '../api/document-api';
import { useVersions } from '../api/use-documents';
import { editorExtensions } from './editor-extensions';
import { memberName } from '../../../lib/member-name';

/** The saved versions (one per editing spell), newest first; a version opens read-only beside the editor. */
export function VersionsPanel({ document, onClose }: { document: DocumentDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const versions = useVersions(document.documentIdx, true);
  const members = useProjectMembers(document.projectIdx);
  const [open, setOpen] = useState<number | null>(null);
  const nameOf = (idx: number) => memberName(members.data?.find((m) => m.memberIdx === idx)?.nickname, t);
  return (
    <aside className="versions-panel no-print" aria-label={t('ui.document.versions.title')}>
      <div className="versions-panel__head">
        <h2>{t('ui.document.versions.title')}</h2>
        <button type="button" className="icon-btn" aria-label={t('ui.common.close')} onClick={onClose}>
          ✕
        </button>
      </div>
      {versions.isLoading ? (
        <span className="spinner" aria-hidden="true" />
      ) : (versions.data ?? []).length === 0 ? (
        <p className="empty-state">{t('ui.document.versions.empty')}</p>
      ) : (
        <ol className="versions-panel__list">
          {(versions.data ?? []).map((v, i) => (
            <li key={v.versionNo}>
              <button
                type="button"
                className={`versions-panel__item${open === v.versionNo ? ' is-selected' : ''}`}
                onClick={() => setOpen(open === v.versionNo ? null : v.versionNo)}
              >
                <strong>
                  v{v.versionNo}
                  {i === 0 ? ` · ${t('ui.document.versions.current')}` : ''}
                </strong>
                <span>
                  {t('ui.document.versions.by', {
                    name: nameOf(v.savedByIdx),
                    at: formatDateTime(v.savedAt, lang),
                  })}
                </span>
              </button>
            </li>
          ))}
        </ol>
      )}
      {open !== null && (
        <VersionPreview documentIdx={document.documentIdx} versionNo={open} onBack={() => setOpen(null)} />
      )}
    </aside>
  );
}

function VersionPreview({
  documentIdx,
  versionNo,
  onBack,
}: {
  documentIdx: number;
  versionNo: number;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const version = useQuery({
    queryKey: ['document', 'one', documentIdx, 'version', versionNo],
    queryFn: () => documentApi.version(documentIdx, versionNo),
  });
  const editor = useEditor({
    extensions: editorExtensions(),
    editable: false,
    content: null,
    editorProps: {
      attributes: { 'aria-label': t('ui.document.versions.viewing', { no: versionNo }) },
    },
  });
  useEffect(() => {
    if (editor && version.data) editor.commands.setContent(version.data.content);
  }, [editor, version.data]);
  return (
    <div className="version-preview" data-testid="version-preview">
      <p className="document-view__note">{t('ui.document.versions.viewing', { no: versionNo })}</p>
      {version.data && <h3>{version.data.title}</h3>}
      <EditorContent editor={editor} />
      <button type="button" className="link-btn" onClick={onBack}>
        {t('ui.document.versions.backToCurrent')}
      </button>
    </div>
  );
}
