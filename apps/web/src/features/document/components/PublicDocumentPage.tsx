import { useQuery } from '@tanstack/react-query';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorCodeOf } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { documentApi } from '../api/document-api';
import { editorExtensions } from './editor-extensions';
import './document.css';

/** `/public/document/{token}`: a document shared by link, read-only, without sign-in or the app around it. */
export function PublicDocumentPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const token = useParams().token ?? '';
  const doc = useQuery({
    queryKey: ['public-document', token],
    queryFn: () => documentApi.publicDocument(token),
    retry: false,
  });
  // Drawn again when the language changes (a visitor's language is settled after the first
  // paint): the checklist checkboxes and the editor's name are written when it is drawn.
  const editor = useEditor(
    {
      extensions: editorExtensions(),
      editable: false,
      content: null,
      editorProps: { attributes: { 'aria-label': t('ui.document.public.readOnly') } },
    },
    [lang],
  );
  useEffect(() => {
    if (editor && doc.data) editor.commands.setContent(doc.data.content);
  }, [editor, doc.data]);
  return (
    <div className="public-document">
      {doc.isLoading && <span className="spinner" aria-hidden="true" />}
      {doc.isError && (
        <p className="empty-state" role="alert">
          {/* Too many wrong links from this address (issue 31) is not the same as a wrong link. */}
          {errorCodeOf(doc.error) === 'RATE_LIMITED'
            ? t('errors.RATE_LIMITED')
            : t('ui.document.public.invalid')}
        </p>
      )}
      {doc.data && (
        <article className="document-editor">
          <p className="document-view__note">{t('ui.document.public.readOnly')}</p>
          <h1 className="document-editor__title">{doc.data.title}</h1>
          <p className="hint">
            {t('ui.document.public.updated', { at: formatDateTime(doc.data.updatedAt, lang) })}
          </p>
          <EditorContent editor={editor} />
        </article>
      )}
    </div>
  );
}
