import { documentTitle, type DocumentDetail } from '@teamline/contract';
import { useQueryClient } from '@tanstack/react-query';
import { EditorContent, useEditor } from '@tiptap/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { errorCodeOf } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { useErrorToast } from '../../../lib/use-error-toast';
import { documentApi, documentKeys } from '../api/document-api';
import { useDocument } from '../api/use-documents';
import { collaborationExtensions, useLiveDocument, type LiveSession } from '../collaboration';
import { editorExtensions } from './editor-extensions';
import { EditorToolbar } from './EditorToolbar';
import { ShareDialog } from './ShareDialog';
import { useAutosave, type SaveStatus } from './use-autosave';
import { VersionsPanel } from './VersionsPanel';
import './document.css';

/**
 * `/document?documentIdx=`: one document, edited in place with autosave, versions, sharing and
 * export. Live co-editing (collaboration.ts) when the server's Hocuspocus answers, else REST
 * autosave. The live session is opened at once, beside the document's GET, not after it: both are
 * needed before the editor can show, and one after the other costs a round trip and the server's
 * load of the live state.
 */
export function DocumentPage() {
  const { t } = useTranslation();
  const documentIdx = Number(useSearchParams()[0].get('documentIdx'));
  const doc = useDocument(documentIdx);
  const live = useLiveDocument(documentIdx, { enabled: Number.isInteger(documentIdx) && documentIdx > 0 });
  const isPage = doc.data?.kind === 'page';
  if (doc.isLoading || (isPage && live.state === 'connecting'))
    return (
      <div className="page-spinner">
        <span className="spinner" aria-hidden="true" />
      </div>
    );
  if (!doc.data)
    return (
      <div className="page">
        <p className="empty-state" role="alert">
          {t(`errors.${errorCodeOf(doc.error ?? new Error('DOCUMENT_NOT_FOUND'))}`)}
        </p>
      </div>
    );
  return (
    <DocumentEditor
      key={doc.data.documentIdx}
      document={doc.data}
      live={isPage && live.state === 'live' ? live.session : null}
    />
  );
}

function DocumentEditor({ document: initial, live }: { document: DocumentDetail; live: LiveSession | null }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const onError = useErrorToast();
  const [current, setCurrent] = useState(initial);
  // A new document is saved as "Untitled" (a title cannot be empty): the field shows that as its
  // placeholder, not its value, so typing gives "Meeting notes", not "UntitledMeeting notes".
  const isUntitled = initial.title === t('ui.document.untitled');
  const [title, setTitle] = useState(isUntitled ? '' : initial.title);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [panel, setPanel] = useState<'versions' | 'share' | null>(null);
  const onSaved = useCallback(
    (saved: DocumentDetail) => {
      setCurrent(saved);
      client.setQueryData(documentKeys.one(saved.documentIdx), saved);
      void client.invalidateQueries({ queryKey: documentKeys.all(saved.projectIdx) });
    },
    [client],
  );
  // Live: the server stores the Yjs content (and bumps the version), so only the title is PATCHed,
  // without a version check.
  const autosave = useAutosave(initial, onSaved, { versionCheck: !live });
  const canEdit = initial.can.edit && !live?.readOnly;
  // The editor's options keep their identity from render to render: tiptap hands changed options to
  // ProseMirror (`setOptions` → `updateState`) on the next render, and a render while a keystroke's
  // DOM change is not yet read (a save finishing as typing starts) put the caret back before it.
  const extensions = useMemo(
    () =>
      live ? [...editorExtensions({ history: false }), ...collaborationExtensions(live)] : editorExtensions(),
    [live],
  );
  const [firstContent] = useState(initial.content);
  const editorProps = useMemo(
    () => ({ attributes: { class: 'document-editor__content', 'aria-label': initial.title } }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the title as the editor opened; renamed below
    [],
  );
  const editor = useEditor({
    extensions,
    ...(live ? {} : { content: firstContent }),
    editable: canEdit,
    editorProps,
    onUpdate: ({ editor: e }) => {
      if (!live) autosave.change({ content: e.getJSON() as DocumentDetail['content'] });
    },
  });

  // A live session can turn read-only later (a share taken away): the editor follows.
  useEffect(() => {
    if (editor && editor.isEditable !== canEdit) editor.setEditable(canEdit);
  }, [editor, canEdit]);
  // A renamed document's editor is named by its new title (on the element: no editor update).
  useEffect(() => {
    if (editor?.isInitialized && !editor.isDestroyed)
      editor.view.dom.setAttribute('aria-label', current.title);
  }, [editor, current.title]);

  function changeTitle(value: string) {
    setTitle(value);
    if (value === '' && isUntitled) {
      // Back to the placeholder: the stored "Untitled" stays.
      setTitleError(null);
      return;
    }
    const parsed = documentTitle.safeParse(value);
    if (!parsed.success) {
      setTitleError(t(`validation.${parsed.error.issues[0]?.message ?? 'required'}`));
      return;
    }
    setTitleError(null);
    autosave.change({ title: parsed.data });
  }

  async function exportMarkdown() {
    try {
      await autosave.flush();
      saveBlob(await documentApi.exportMarkdown(current.documentIdx), `${current.title}.md`);
    } catch (error) {
      onError(error);
    }
  }

  return (
    <div className="page document-view">
      <div className="document-view__bar no-print">
        <Link to={`/doclist/${current.projectIdx}`} className="link-btn">
          ← {t('ui.document.back')}
        </Link>
        <SaveState status={autosave.status} />
        <span className="document-view__spacer" />
        <Button
          size="small"
          variant="outline"
          onClick={() => setPanel(panel === 'versions' ? null : 'versions')}
        >
          {t('ui.document.versions.show')}
        </Button>
        <Button size="small" variant="outline" onClick={() => void exportMarkdown()}>
          {t('ui.document.export.markdown')}
        </Button>
        <Button size="small" variant="outline" onClick={() => window.print()}>
          {t('ui.document.export.pdf')}
        </Button>
        {current.can.share && (
          <Button size="small" onClick={() => setPanel('share')}>
            {t('ui.document.share.button')}
          </Button>
        )}
      </div>
      <div className="document-view__body">
        <article className="document-editor">
          <label className="visually-hidden" htmlFor="document-title">
            {t('ui.document.titleLabel')}
          </label>
          <input
            id="document-title"
            className="document-editor__title"
            value={title}
            placeholder={t('ui.document.untitled')}
            readOnly={!canEdit}
            maxLength={200}
            aria-invalid={titleError ? true : undefined}
            aria-describedby={titleError ? 'document-title-error' : undefined}
            onChange={(event) => changeTitle(event.target.value)}
          />
          {titleError && (
            <p id="document-title-error" className="field__error" role="alert">
              {titleError}
            </p>
          )}
          {!canEdit && <p className="document-view__note">{t('ui.document.readOnly')}</p>}
          {canEdit && editor && <EditorToolbar editor={editor} projectIdx={current.projectIdx} />}
          <EditorContent editor={editor} />
        </article>
        {panel === 'versions' && <VersionsPanel document={current} onClose={() => setPanel(null)} />}
      </div>
      {panel === 'share' && (
        <ShareDialog
          document={current}
          onClose={() => setPanel(null)}
          onChanged={(next) => setCurrent({ ...current, ...next })}
        />
      )}
    </div>
  );
}

function SaveState({ status }: { status: SaveStatus }) {
  const { t } = useTranslation();
  if (status === 'conflict')
    return (
      <span className="save-state save-state--error" role="alert">
        {t('ui.document.save.conflict')}{' '}
        <button type="button" className="link-btn" onClick={() => window.location.reload()}>
          {t('ui.document.save.reload')}
        </button>
      </span>
    );
  return (
    <span
      className={`save-state${status === 'failed' ? ' save-state--error' : ''}`}
      role="status"
      data-testid="save-state"
    >
      {t(`ui.document.save.${status}`)}
    </span>
  );
}
