import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import type { ReactNode } from 'react';
import { Icon } from '../../../components/ui/Icon';
import { useTranslation } from 'react-i18next';
import { documentImageSrc, normalizeLink } from '@teamline/contract';
import { useState } from 'react';
import { useErrorToast } from '../../../lib/use-error-toast';
import { documentApi } from '../api/document-api';
import { resizeImage } from '../../../lib/image-resize';
import { notify } from '../../../stores/toast-store';

const IMAGE_MAX_SIDE = 1280;

/** Formatting buttons; each shows whether it is on (aria-pressed). Images go to the project's files. */
export function EditorToolbar({ editor, projectIdx }: { editor: Editor; projectIdx: number }) {
  const { t } = useTranslation();
  const onError = useErrorToast();
  const [isUploading, setIsUploading] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      strike: e.isActive('strike'),
      code: e.isActive('code'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      taskList: e.isActive('taskList'),
      blockquote: e.isActive('blockquote'),
      codeBlock: e.isActive('codeBlock'),
      link: e.isActive('link'),
      table: e.isActive('table'),
    }),
  });
  const tool = (key: string, label: string, run: () => void, pressed?: boolean, text?: ReactNode) => (
    <button
      key={key}
      type="button"
      className="editor-tool"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
    >
      {text ?? label}
    </button>
  );
  const chain = () => editor.chain().focus();

  function setLink() {
    const current = editor.getAttributes('link').href as string | undefined;
    const entered = window.prompt(t('ui.document.toolbar.linkPrompt'), current ?? 'https://');
    if (entered === null) return;
    const href = normalizeLink(entered);
    if (!href) chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href }).run();
  }

  async function insertImage(file: File | undefined) {
    if (!file) return;
    let blob: Blob;
    try {
      blob = await resizeImage(file, IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, 'image/jpeg', 80);
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), 'error');
      return;
    }
    setIsUploading(true);
    try {
      const name = `${file.name.replace(/\.[^.]*$/, '') || 'image'}.jpg`;
      const fileIdx = await documentApi.uploadFile(projectIdx, blob, name);
      chain()
        .setImage({ src: documentImageSrc(fileIdx), alt: file.name })
        .run();
    } catch (error) {
      // e.g. the project's storage is full: the spec's message, and nothing half-inserted.
      onError(error);
    } finally {
      setIsUploading(false);
    }
  }

  return (
    <div className="editor-toolbar" role="toolbar" aria-label={t('ui.document.toolbar.label')}>
      {tool('p', t('ui.document.toolbar.paragraph'), () => chain().setParagraph().run(), undefined, '¶')}
      {tool(
        'h1',
        t('ui.document.toolbar.heading1'),
        () => chain().toggleHeading({ level: 1 }).run(),
        state.h1,
        'H1',
      )}
      {tool(
        'h2',
        t('ui.document.toolbar.heading2'),
        () => chain().toggleHeading({ level: 2 }).run(),
        state.h2,
        'H2',
      )}
      {tool(
        'h3',
        t('ui.document.toolbar.heading3'),
        () => chain().toggleHeading({ level: 3 }).run(),
        state.h3,
        'H3',
      )}
      <span className="editor-toolbar__sep" />
      {tool('b', t('ui.document.toolbar.bold'), () => chain().toggleBold().run(), state.bold, 'B')}
      {tool('i', t('ui.document.toolbar.italic'), () => chain().toggleItalic().run(), state.italic, 'I')}
      {tool('s', t('ui.document.toolbar.strike'), () => chain().toggleStrike().run(), state.strike, 'S')}
      {tool('code', t('ui.document.toolbar.code'), () => chain().toggleCode().run(), state.code, '</>')}
      {tool('link', t('ui.document.toolbar.link'), setLink, state.link, <Icon name="link" size={18} />)}
      <span className="editor-toolbar__sep" />
      {tool(
        'ul',
        t('ui.document.toolbar.bulletList'),
        () => chain().toggleBulletList().run(),
        state.bulletList,
        '•',
      )}
      {tool(
        'ol',
        t('ui.document.toolbar.orderedList'),
        () => chain().toggleOrderedList().run(),
        state.orderedList,
        '1.',
      )}
      {tool(
        'task',
        t('ui.document.toolbar.taskList'),
        () => chain().toggleTaskList().run(),
        state.taskList,
        '☑',
      )}
      {tool(
        'quote',
        t('ui.document.toolbar.quote'),
        () => chain().toggleBlockquote().run(),
        state.blockquote,
        '❝',
      )}
      {tool(
        'pre',
        t('ui.document.toolbar.codeBlock'),
        () => chain().toggleCodeBlock().run(),
        state.codeBlock,
        '{ }',
      )}
      <span className="editor-toolbar__sep" />
      {tool(
        'table',
        t('ui.document.toolbar.table'),
        () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
        undefined,
        '▦',
      )}
      {state.table && (
        <>
          {tool('row', t('ui.document.toolbar.addRow'), () => chain().addRowAfter().run(), undefined, '+≡')}
          {tool(
            'col',
            t('ui.document.toolbar.addColumn'),
            () => chain().addColumnAfter().run(),
            undefined,
            '+‖',
          )}
          {tool(
            'deltable',
            t('ui.document.toolbar.deleteTable'),
            () => chain().deleteTable().run(),
            undefined,
            '✕▦',
          )}
        </>
      )}
      <label
        className="editor-tool"
        title={isUploading ? t('ui.document.toolbar.imageUploading') : t('ui.document.toolbar.image')}
        aria-busy={isUploading || undefined}
      >
        {isUploading ? <span className="spinner" aria-hidden="true" /> : <Icon name="image" size={18} />}
        <span className="visually-hidden">
          {isUploading ? t('ui.document.toolbar.imageUploading') : t('ui.document.toolbar.image')}
        </span>
        <input
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          disabled={isUploading}
          className="visually-hidden"
          onChange={(event) => {
            const input = event.target;
            void insertImage(input.files?.[0]).then(() => (input.value = ''));
          }}
        />
      </label>
      <span className="editor-toolbar__sep" />
      {tool('undo', t('ui.document.toolbar.undo'), () => chain().undo().run(), undefined, '↶')}
      {tool('redo', t('ui.document.toolbar.redo'), () => chain().redo().run(), undefined, '↷')}
    </div>
  );
}
