import type { Extensions } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { TableKit } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';

/**
 * The editor's schema: the same node and mark names the server reads for text, search and Markdown
 * (features/document/editor-text.ts, markdown.ts). Images are embedded (resized, as data URLs).
 */
export const editorExtensions = (options: { history?: boolean } = {}): Extensions => [
  StarterKit.configure({
    link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
    ...(options.history === false ? { undoRedo: false } : {}),
  }),
  TaskList,
  TaskItem.configure({ nested: true }),
  TableKit.configure({ table: { resizable: false } }),
  Image.configure({ allowBase64: true }),
];
