import { getSchema } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { TableKit } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';

/**
 * The editor's schema on the server, from the same TipTap extensions the web editor uses
 * (apps/web/src/features/document/components/editor-extensions.ts): live co-editing turns stored
 * editor JSON into a Yjs document with it, and back.
 */
let schema: ReturnType<typeof getSchema> | null = null;
export const editorSchema = () =>
  (schema ??= getSchema([StarterKit, TaskList, TaskItem.configure({ nested: true }), TableKit, Image]));

/** The Yjs fragment TipTap's Collaboration extension edits. */
export const COLLAB_FIELD = 'default';
