import type { Extensions } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { TableKit } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { isSafeUrl } from '../rules/safe-url.js';

/**
 * The document editor's extensions, in one place for both apps (`@teamline/contract/editor`): the
 * web editor draws and edits with them (apps/web/src/features/document/components/editor-extensions.ts
 * passes its image node view and the undo switch), and the server builds the ProseMirror schema it
 * checks every saved document against and turns JSON into Yjs with
 * (apps/server/src/features/document/editor-schema.ts). A node, mark or attribute is known to one
 * exactly when it is known to the other.
 *
 * Links take only the addresses the server keeps (rules/safe-url.ts): a pasted `javascript:` or
 * relative link loses its link in the editor, as it would on the server.
 */
export function documentEditorExtensions(
  options: {
    /** The image node to use: the web editor's extends `Image` with a node view, same schema. */
    image?: typeof Image;
    /** false while live co-editing: Yjs keeps each person's own undo. */
    history?: boolean;
    /**
     * The accessible name of a checklist item's checkbox from the item's text, in the reader's
     * language (TipTap's own is English: "Task item checkbox for …"). Drawing only: no schema change.
     */
    taskCheckboxLabel?: (text: string) => string;
  } = {},
): Extensions {
  return [
    StarterKit.configure({
      link: {
        openOnClick: false,
        autolink: true,
        protocols: ['http', 'https', 'mailto'],
        isAllowedUri: (url) => isSafeUrl(url),
      },
      ...(options.history === false ? { undoRedo: false } : {}),
    }),
    TaskList,
    TaskItem.configure({
      nested: true,
      ...(options.taskCheckboxLabel && {
        a11y: { checkboxLabel: (node) => options.taskCheckboxLabel!(node.textContent) },
      }),
    }),
    TableKit.configure({ table: { resizable: false } }),
    // Documents written before images were files hold them as data URLs: still shown.
    (options.image ?? Image).configure({ allowBase64: true }),
  ];
}
